//! The README's tour of the game server is real output: its `$ curl` lines are sent, in order,
//! to a `tegoma serve` started for the test (on a free port, with a fresh SQLite file), and each
//! answer must be the lines shown under its command. The game's id and the seats' tokens are
//! random: the README's are mapped to the ones this server gives (read from the answer that
//! creates the game), and everything else must match exactly.
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

mod common;
use common::words;

const README: &str = include_str!("../../../README.md");

/// One `curl` command of the README.
#[derive(Debug, Default)]
struct Request {
    method: String,
    path: String,
    headers: Vec<String>,
    body: Option<String>,
    /// `head -c N` after the command, when there is one.
    head_bytes: Option<usize>,
    /// The lines the README shows under it.
    shown: Vec<String>,
}

/// The README's `$ curl` examples, in order.
fn requests() -> Vec<Request> {
    let lines: Vec<&str> = README.lines().collect();
    let mut out = Vec::new();
    let mut in_console = false;
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("```") {
            in_console = *line == "```console";
            continue;
        }
        let Some(cmd) = line.strip_prefix("$ curl ").filter(|_| in_console) else {
            continue;
        };
        let (cmd, filter) = match cmd.split_once(" | ") {
            Some((c, f)) => (c, Some(f)),
            None => (cmd, None),
        };
        let mut r = Request {
            method: "GET".into(),
            ..Default::default()
        };
        if let Some(f) = filter {
            let n = f
                .strip_prefix("head -c ")
                .expect("only `head -c N` after curl");
            r.head_bytes = Some(n.parse().unwrap());
        }
        let w = words(cmd);
        let mut k = 0;
        while k < w.len() {
            match w[k].as_str() {
                "-s" => {}
                "-X" => {
                    k += 1;
                    r.method = w[k].clone();
                }
                "-H" => {
                    k += 1;
                    r.headers.push(w[k].clone());
                }
                "-d" => {
                    k += 1;
                    r.body = Some(w[k].clone());
                }
                url => {
                    let path = url.strip_prefix("localhost:8080").expect("localhost:8080");
                    r.path = path.to_string();
                }
            }
            k += 1;
        }
        r.shown = lines[i + 1..]
            .iter()
            .take_while(|l| !l.starts_with("$ ") && !l.starts_with("```"))
            .map(|l| l.trim_end().to_string())
            .collect();
        out.push(r);
    }
    out
}

/// Sends one HTTP/1.1 request (the connection closed after it); returns the answer's body.
fn send(addr: &str, method: &str, path: &str, headers: &[String], body: Option<&str>) -> String {
    let mut stream = TcpStream::connect(addr).expect("connects");
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for h in headers {
        head.push_str(h);
        head.push_str("\r\n");
    }
    let body = body.unwrap_or("");
    if method != "GET" {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body.as_bytes()).unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let answer = String::from_utf8(answer).unwrap();
    let (head, rest) = answer.split_once("\r\n\r\n").expect("an HTTP answer");
    if !head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        return rest.to_string();
    }
    let mut out = String::new();
    let mut rest = rest;
    loop {
        let (size, after) = rest.split_once("\r\n").unwrap();
        let size = usize::from_str_radix(size.trim(), 16).unwrap();
        if size == 0 {
            return out;
        }
        out.push_str(&after[..size]);
        rest = &after[size + 2..];
    }
}

/// Kills the server when the test ends, passed or not.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn readme_server_examples_answer_what_they_show() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("readme.db").display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_tegoma"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", &db])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starts");
    let stdout = child.stdout.take().unwrap();
    let server = Server(child);
    let mut first = String::new();
    BufReader::new(stdout).read_line(&mut first).unwrap();
    let addr = first
        .split("http://")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_string();

    let examples = requests();
    assert!(examples.len() >= 4, "only {} curl examples", examples.len());
    // (README's value, this server's value): the address, the game's id and both seats' tokens.
    // The README's server is at localhost:8080 (the PGN's `Site` names it).
    let mut map: Vec<(String, String)> = vec![("localhost:8080".to_string(), addr.clone())];
    for (n, r) in examples.iter().enumerate() {
        let to_real = |s: &str| {
            map.iter()
                .fold(s.to_string(), |s, (shown, real)| s.replace(shown, real))
        };
        let headers: Vec<String> = r.headers.iter().map(|h| to_real(h)).collect();
        let body = r.body.as_deref().map(to_real);
        let mut answer = send(
            &addr,
            &r.method,
            &to_real(&r.path),
            &headers,
            body.as_deref(),
        );
        if n == 0 {
            let shown: serde_json::Value = serde_json::from_str(&r.shown.join("\n")).unwrap();
            let real: serde_json::Value = serde_json::from_str(&answer).unwrap();
            for pointer in ["/id", "/seats/first", "/seats/second"] {
                let value = |v: &serde_json::Value| {
                    v.pointer(pointer).unwrap().as_str().unwrap().to_string()
                };
                map.push((value(&shown), value(&real)));
            }
        }
        if let Some(n) = r.head_bytes {
            answer = answer.chars().take(n).collect();
        }
        let answer = map
            .iter()
            .fold(answer, |s, (shown, real)| s.replace(real, shown));
        // A record's date is the day it runs (its shape checked here; its value by the
        // server's own tests): shown as the README shows it.
        let shown_date = r.shown.iter().find(|l| l.starts_with("[Date \""));
        let got: Vec<String> = answer
            .trim_end()
            .lines()
            .map(|l| match shown_date {
                Some(d) if l.starts_with("[Date \"") && l.len() == d.len() => d.clone(),
                _ => l.trim_end().to_string(),
            })
            .collect();
        let mut shown = r.shown.clone();
        while shown.last().is_some_and(|l| l.is_empty()) {
            shown.pop();
        }
        assert_eq!(got, shown, "README: {} {}", r.method, r.path);
    }
    drop(server);
}
