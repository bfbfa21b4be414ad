//! Benchmarks of dicecore's building blocks: dice rolls and cell-set operations.
#[path = "support/timing.rs"]
mod timing;

use std::hint::black_box;
use tabula::dicecore::cellset::{CellSet, HexGrid};
use tabula::dicecore::chance::roll_outcomes;
use tabula::dicecore::faces::{D6, SYMBOL_DIE};
use tabula::Dice;

const BOARD: HexGrid<7> = match HexGrid::new(20, 20) {
    Some(g) => g,
    None => panic!("20x20 fits in 7 words"),
};

fn main() {
    timing::header("dicecore");
    let mut dice = Dice::from_seed(1);
    timing::measure("Dice::roll(D6)", 1000, || {
        let mut s = 0u32;
        for _ in 0..1000 {
            s += dice.roll(&D6) as u32;
        }
        s
    });
    let mut dice = Dice::from_seed(2);
    timing::measure("Dice::roll_sorted(SYMBOL_DIE, 4)", 1, || {
        dice.roll_sorted(&SYMBOL_DIE, 4)
    });
    let mut dice = Dice::from_seed(3);
    let mut deck: Vec<u8> = (0..25).collect();
    timing::measure("Dice::shuffle(25 cards)", 1, || {
        dice.shuffle(&mut deck);
        deck[0]
    });
    timing::measure("roll_outcomes(D6, 5)", 1, || roll_outcomes(&D6, 5).len());
    let mut a = CellSet::<7>::EMPTY;
    let mut b = CellSet::<7>::EMPTY;
    let mut dice = Dice::from_seed(4);
    for _ in 0..120 {
        a.insert(dice.index(400));
        b.insert(dice.index(400));
    }
    timing::measure("CellSet<7> and/or/and_not/count", 1, || {
        black_box((a & b | (a - b)).count())
    });
    timing::measure("HexGrid 20x20 neighbours", 1, || {
        BOARD.neighbours(black_box(&a))
    });
    timing::measure("HexGrid 20x20 regions (120 cells)", 1, || {
        BOARD.regions(black_box(&a)).count()
    });
}
