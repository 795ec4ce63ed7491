# Homebrew formula for cloudkit-schema, built from source (README "Install").
# Homebrew installs formulae only from a tap, so this file is the template of one:
# copy it to Formula/cloudkit-schema.rb of a tap repository (<owner>/homebrew-tap),
# then `brew install --HEAD <owner>/tap/cloudkit-schema`. <owner> is the GitHub account
# that hosts this repository. For a release X.Y.Z (Docs/releasing.md: its tag is X.Y.Z
# exactly, and Homebrew reads the formula's version from the tag), add under `homepage`
#   url "https://github.com/<owner>/CloudKitSchemaGate.git", tag: "X.Y.Z", revision: "<the tag's commit>"
# and install without --HEAD.
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
    printed = shell_output("#{bin}/cloudkit-schema --version").strip
    if version.head?
      # main between releases: the newest release it contains, 0.0.0 before the first.
      assert_match(/\A\d+\.\d+\.\d+\z/, printed)
    else
      # A release prints its own version, the tag's (Docs/releasing.md).
      assert_equal version.to_s, printed
    end
  end
end
