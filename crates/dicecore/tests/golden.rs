//! Golden streams: these numbers must never change, or recorded seeds would replay differently.
use dicecore::{faces::D6, Dice};

fn first_20(seed: u64) -> Vec<u8> {
    let mut d = Dice::from_seed(seed);
    (0..20).map(|_| d.roll(&D6)).collect()
}

#[test]
fn d6_stream_of_seed_0() {
    assert_eq!(
        first_20(0),
        vec![3, 2, 2, 6, 5, 1, 1, 1, 4, 6, 4, 4, 5, 2, 1, 6, 1, 1, 1, 1]
    );
}

#[test]
fn d6_stream_of_seed_42() {
    assert_eq!(
        first_20(42),
        vec![4, 4, 5, 1, 3, 3, 5, 4, 1, 3, 3, 4, 3, 4, 5, 6, 1, 5, 5, 4]
    );
}

#[test]
fn shuffle_and_weighted_streams() {
    let mut d = Dice::from_seed(42);
    let mut v: Vec<u8> = (0..10).collect();
    d.shuffle(&mut v);
    let picks: Vec<usize> = (0..8)
        .map(|_| d.pick_weighted(&[1, 2, 3, 4]).unwrap())
        .collect();
    assert_eq!(v, vec![1, 4, 9, 6, 8, 2, 5, 0, 3, 7]);
    assert_eq!(picks, vec![1, 0, 2, 2, 3, 1, 2, 3]);
}
