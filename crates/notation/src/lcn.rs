//! LCN. (To be written.)

/// Validates one LCN text and describes it in a few words (for `tegoma validate lcn`).
pub fn describe(_text: &str) -> Result<String, crate::Invalid> {
    Err(crate::Invalid {
        kind: "NotImplemented",
        message: "LCN is not implemented yet".into(),
    })
}
