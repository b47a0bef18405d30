//! The game server's reading of a client's WebSocket text message (`ws::read_message`): no
//! panic, and the shortcut for a plain `{"type":"move","move":PMN}` reads every message as the
//! general JSON reading does (request or typed error, and the `ref`).
#![no_main]
use libfuzzer_sys::fuzz_target;
use tegoma_server::ws::{read_message, read_message_json, MAX_MESSAGE};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if text.len() > MAX_MESSAGE {
        return;
    }
    assert_eq!(read_message(text), read_message_json(text), "{text}");
});
