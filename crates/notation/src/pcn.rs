//! PCN. (To be written.)

/// Validates one PCN text and describes it in a few words (for `tegoma validate pcn`).
pub fn describe(_text: &str) -> Result<String, crate::Invalid> {
    Err(crate::Invalid {
        kind: "NotImplemented",
        message: "PCN is not implemented yet".into(),
    })
}
