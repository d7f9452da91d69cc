//! How the whole-maze view maps screen pixels to maze blocks: apart from the canvas, so that
//! the drawing helpers that use it (aggregate, minimap) need not import the canvas.

/// How the whole-maze view maps its pixels (half a character each: one column, half a row,
/// so they are square) to blocks: `block = pixel * num / den`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scale {
    pub num: u32,
    pub den: u32,
}

impl Scale {
    /// The largest scale that shows all of `blocks` in `pixels`: whole-number magnification
    /// when the maze is small, else the shrinking that fits the tighter side.
    pub fn fitting(blocks: (u32, u32), pixels: (u32, u32)) -> Scale {
        let (bw, bh) = (blocks.0.max(1), blocks.1.max(1));
        let (pw, ph) = (pixels.0.max(1), pixels.1.max(1));
        if bw <= pw && bh <= ph {
            Scale {
                num: 1,
                den: (pw / bw).min(ph / bh),
            }
        } else if u64::from(bw) * u64::from(ph) >= u64::from(bh) * u64::from(pw) {
            Scale { num: bw, den: pw }
        } else {
            Scale { num: bh, den: ph }
        }
    }

    /// The block under pixel `p` (its centre, so a shrunken maze samples evenly).
    pub fn block(self, p: u32) -> u32 {
        ((2 * u64::from(p) + 1) * u64::from(self.num) / (2 * u64::from(self.den))) as u32
    }

    /// The first block of pixel `p` (pixel `p` covers blocks `first(p)..first(p + 1)`).
    pub fn first(self, p: u32) -> u32 {
        (u64::from(p) * u64::from(self.num) / u64::from(self.den)) as u32
    }

    /// The pixel block `b` falls in.
    pub fn pixel(self, b: u32) -> u32 {
        (u64::from(b) * u64::from(self.den) / u64::from(self.num)) as u32
    }

    /// How many pixels `blocks` blocks cover.
    pub fn pixels(self, blocks: u32) -> u32 {
        (u64::from(blocks) * u64::from(self.den)).div_ceil(u64::from(self.num)) as u32
    }
}
