/// Schema texts tests serve as exports.
public enum SchemaTexts {
    /// A Production export with nothing of the app deployed, only the `Users` type every
    /// container has (an export without any record type is rejected as incomplete).
    public static let emptyProduction = """
        DEFINE SCHEMA

            RECORD TYPE Users (
                "___createTime" TIMESTAMP,
                "___createdBy"  REFERENCE,
                "___etag"       STRING,
                "___modTime"    TIMESTAMP,
                "___modifiedBy" REFERENCE,
                "___recordID"   REFERENCE QUERYABLE,
                roles           LIST<INT64>,
                GRANT WRITE TO "_creator",
                GRANT READ TO "_world"
            );

        """
}
