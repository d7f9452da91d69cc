//! A grid's walls at two bits a cell, for replay checkpoints: the cell bytes hold only the east
//! and south walls besides the 42 and courtyard marks, which a grid of that size and those
//! landmarks always has in the same places, so a quarter of the bytes keep everything.

use super::{COURTYARD, EAST_CLOSED, Grid, LOCKED, SOUTH_CLOSED};

/// The wall bits of one cell byte.
const WALLS: u8 = EAST_CLOSED | SOUTH_CLOSED;

/// For each packed byte, the wall bits of its four cells as four cell bytes (little-endian).
const UNPACKED: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut cell = 0;
        while cell < 4 {
            table[byte] |= (((byte >> (2 * cell)) & 3) as u32) << (8 * cell);
            cell += 1;
        }
        byte += 1;
    }
    table
};

/// The walls of a grid, four cells a byte, with its size and landmarks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PackedWalls {
    width: u32,
    height: u32,
    stamp: Option<super::Stamp>,
    courtyard: Option<super::Courtyard>,
    walls: Vec<u8>,
}

impl PackedWalls {
    /// `grid`'s walls.
    pub fn of(grid: &Grid) -> PackedWalls {
        let walls = grid
            .cells
            .chunks(4)
            .map(|four| {
                four.iter()
                    .enumerate()
                    .fold(0, |byte, (cell, &b)| byte | (b & WALLS) << (2 * cell))
            })
            .collect();
        PackedWalls {
            width: grid.width,
            height: grid.height,
            stamp: grid.stamp,
            courtyard: grid.courtyard,
            walls,
        }
    }

    /// The bytes a clone allocates.
    pub fn heap_bytes(&self) -> usize {
        self.walls.len()
    }

    /// The grid these walls were taken from, equal to it.
    pub fn unpack(&self) -> Grid {
        let len = self.width as usize * self.height as usize;
        let mut cells = vec![0u8; len];
        let mut fours = cells.chunks_exact_mut(4);
        for (four, &byte) in (&mut fours).zip(&self.walls) {
            four.copy_from_slice(&UNPACKED[byte as usize].to_le_bytes());
        }
        let rest = fours.into_remainder();
        if let Some(&byte) = self.walls.get(len / 4) {
            for (cell, b) in rest.iter_mut().enumerate() {
                *b = (byte >> (2 * cell)) & WALLS;
            }
        }
        let mut grid = Grid {
            width: self.width,
            height: self.height,
            cells: cells.into(),
            stamp: self.stamp,
            courtyard: self.courtyard,
        };
        for p in self.stamp.iter().flat_map(|s| s.cells()) {
            let i = grid.index(p);
            grid.cells[i] |= LOCKED;
        }
        for p in self.courtyard.iter().flat_map(|c| c.cells()) {
            let i = grid.index(p);
            grid.cells[i] |= COURTYARD;
        }
        grid
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Algorithm, Generator, MazeOptions};

    #[test]
    fn unpacking_gives_back_the_grid_at_any_size_and_any_step() {
        for (width, height, courtyard) in [(2, 2, false), (7, 5, false), (23, 17, true)] {
            let options = MazeOptions::new(width, height)
                .seed(3)
                .courtyard(courtyard)
                .algorithm(Algorithm::Wilson);
            let mut generator = Generator::build(options).unwrap();
            while !generator.is_done() {
                let grid = generator.grid();
                let packed = PackedWalls::of(grid);
                // All but the marks Wilson's carving keeps in the high four bits.
                let mut walls = grid.clone();
                for byte in walls.cells.iter_mut() {
                    *byte &= 0x0F;
                }
                assert_eq!(packed.unpack(), walls, "{width}x{height}");
                assert_eq!(packed.heap_bytes(), grid.cell_count().div_ceil(4));
                generator.run_steps(7);
            }
        }
    }

    #[test]
    fn recursive_division_walls_come_back_too() {
        let options = MazeOptions::new(31, 29)
            .seed(4)
            .algorithm(Algorithm::RecursiveDivision);
        let mut generator = Generator::build(options).unwrap();
        generator.run_steps(300);
        let grid = generator.grid();
        assert_eq!(&PackedWalls::of(grid).unpack(), grid);
    }
}
