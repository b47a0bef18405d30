//! Timing shared by the perft benchmarks: CPU time where Linux reports it.

use std::time::Instant;

/// Nanoseconds this thread has run on a CPU (Linux `schedstat`), if known. On a machine shared by
/// many processes the wall clock mostly measures waiting; CPU time measures the code.
pub fn cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

/// Runs `f`: (result, seconds), the seconds being CPU time when the OS tells it, else wall time.
pub fn run<F: FnMut() -> u64>(mut f: F) -> (u64, f64) {
    let c0 = cpu_ns();
    let t = Instant::now();
    let n = f();
    let wall = t.elapsed().as_secs_f64();
    match (c0, cpu_ns()) {
        (Some(a), Some(b)) if b > a => {
            let cpu = (b - a) as f64 / 1e9;
            eprintln!("    (wall {wall:.3}s, cpu {cpu:.3}s)");
            (n, cpu)
        }
        _ => (n, wall),
    }
}

/// Millions of nodes per second.
pub fn mnps(n: u64, s: f64) -> f64 {
    n as f64 / s / 1e6
}
