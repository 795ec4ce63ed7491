# Homebrew formula for cloudkit-schema, built from source (README "Install").
# Homebrew installs formulae only from a tap, so this file is the template of one:
# copy it to Formula/cloudkit-schema.rb of a tap repository (<owner>/homebrew-tap),
# then `brew install --HEAD <owner>/tap/cloudkit-schema`. For a tagged release, add
#   url "https://github.com/<owner>/CloudKitSchemaGate.git", tag: "<tag>", revision: "<commit>"
class CloudkitSchema < Formula
  desc "Blocks a release whose CloudKit Production schema lacks what the models write"
  homepage "https://github.com/<owner>/CloudKitSchemaGate"
  head "https://github.com/<owner>/CloudKitSchemaGate.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  depends_on :macos

  def install
    # SwiftPM's own sandbox cannot start inside Homebrew's build sandbox.
    system "make", "-f", "Docs/install/Makefile", "install", "PREFIX=#{prefix}",
           "SWIFT_BUILD_FLAGS=--disable-sandbox"
  end

  test do
    assert_match(/\A\d+\.\d+\.\d+/, shell_output("#{bin}/cloudkit-schema --version"))
  end
end
