//! QPI. (To be written.)

/// Validates one QPI text and describes it in a few words (for `tegoma validate qpi`).
pub fn describe(_text: &str) -> Result<String, crate::Invalid> {
    Err(crate::Invalid {
        kind: "NotImplemented",
        message: "QPI is not implemented yet".into(),
    })
}
