//! GGN. (To be written.)

/// Validates one GGN text and describes it in a few words (for `tegoma validate ggn`).
pub fn describe(_text: &str) -> Result<String, crate::Invalid> {
    Err(crate::Invalid {
        kind: "NotImplemented",
        message: "GGN is not implemented yet".into(),
    })
}
