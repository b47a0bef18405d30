//! The board diagram of `Position`'s `Display`, expected values written by hand.

use tegoma_protocol::Position;

#[test]
fn three_dimensional_board_one_block_per_layer() {
    // 2 files, 2 ranks, 2 layers; the highest layer (B) first, as FEEN lists them.
    let p = Position::from_feen("K^1/2//2/1k^ / K/k").unwrap();
    let expected = "\
second hand: -
layer B
2 K^ .
1 .  .
layer A
2 .  .
1 .  k^
  a  b
first hand: -
first to move";
    assert_eq!(p.to_string(), expected);
}

#[test]
fn hands_list_counts_and_the_side_to_move() {
    let p = Position::from_feen("k^2/3/1RK^ 2n/ c/C").unwrap();
    let expected = "\
second hand: -
3 k^ .  .
2 .  .  .
1 .  R  K^
  a  b  c
first hand: n x2
second to move";
    assert_eq!(p.to_string(), expected);
}
