//! PNG pictures (needs the `print` feature): the [SVG drawing](super::svg) rasterized by resvg,
//! so a PNG shows exactly what the SVG shows, at the SVG's pixel size.
//!
//! The picture is as large as [`CellSize`] says, the SVG's own `width` and `height`
//! ([`CellSize::Scalable`] is taken as [`CellSize::Fit`]: a raster needs a size). A picture
//! above [`Png::MAX_PIXELS`] is refused before anything is drawn (see [`Png::check_size`]): its pixels
//! alone would take four bytes each in memory.

use std::io::{self, Write};

pub use resvg::tiny_skia;
use resvg::usvg;

use super::Format;
use super::svg::{CellSize, MARGIN, Svg, SvgOptions};
use crate::Error;
use crate::maze::Maze;

/// The most pixels a PNG may have: 64 million (8000x8000), 256 MB while it is drawn.
pub(crate) const MAX_PIXELS: u64 = 64_000_000;

/// The PNG's width and height in pixels for a maze of `width` x `height` cells.
pub(crate) fn pixel_size(cell_size: CellSize, width: u32, height: u32) -> (u64, u64) {
    let cell_size = match cell_size {
        CellSize::Scalable => CellSize::Fit,
        other => other,
    };
    let view = |n: u32| u64::from(n) + 2 * u64::from(MARGIN);
    cell_size
        .pixels(view(width), view(height))
        .expect("a fixed or fitted size has pixels")
}

/// See [`Png::check_size`].
pub(crate) fn check_size(cell_size: CellSize, width: u32, height: u32) -> Result<(), Error> {
    let (pixel_width, pixel_height) = pixel_size(cell_size, width, height);
    if pixel_width.saturating_mul(pixel_height) > MAX_PIXELS {
        return Err(Error::PngTooLarge {
            width,
            height,
            pixel_width,
            pixel_height,
            limit: MAX_PIXELS,
        });
    }
    Ok(())
}

/// PNG as a [`Format`], drawn from the SVG with these options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Png {
    /// The drawing's style, layers and size, as for the SVG it is rasterized from.
    pub options: SvgOptions,
}

impl Png {
    /// The most pixels a PNG may have: 64 million (8000x8000), 256 MB while it is drawn.
    pub const MAX_PIXELS: u64 = MAX_PIXELS;

    /// A PNG drawn with these options.
    pub fn new(options: SvgOptions) -> Png {
        Png { options }
    }

    /// Refuses a picture of a `width` x `height` maze at `cell_size` of more than
    /// [`Png::MAX_PIXELS`] as [`Error::PngTooLarge`], which says how large it would be: for
    /// checking a request before the maze is made.
    ///
    /// ```
    /// use mazegen::format::{CellSize, Png};
    ///
    /// let err = Png::check_size(CellSize::Pixels(20), 1000, 1000).unwrap_err();
    /// assert!(matches!(err, mazegen::Error::PngTooLarge { pixel_width: 20_040, .. }));
    /// assert!(Png::check_size(CellSize::Fit, 1000, 1000).is_ok());
    /// ```
    pub fn check_size(cell_size: CellSize, width: u32, height: u32) -> Result<(), Error> {
        check_size(cell_size, width, height)
    }

    /// The picture an SVG document (as [`Svg`] writes one) draws, at its own pixel size, as
    /// resvg sees it: still, without animation.
    pub fn rasterize(svg: &[u8]) -> io::Result<tiny_skia::Pixmap> {
        rasterize(svg)
    }

    /// The picture of `maze`, as RGBA pixels.
    pub fn render(&self, maze: &Maze) -> io::Result<tiny_skia::Pixmap> {
        check_size(self.options.cell_size, maze.width(), maze.height())
            .map_err(io::Error::other)?;
        let options = SvgOptions {
            cell_size: match self.options.cell_size {
                CellSize::Scalable => CellSize::Fit,
                other => other,
            },
            ..self.options.clone()
        };
        let mut svg = Vec::new();
        Svg::new(options).write(maze, &mut svg)?;
        rasterize(&svg)
    }
}

/// See [`Png::rasterize`].
pub(crate) fn rasterize(svg: &[u8]) -> io::Result<tiny_skia::Pixmap> {
    let tree = usvg::Tree::from_data(svg, &usvg::Options::default())
        .map_err(|e| io::Error::other(format!("cannot read the drawing: {e}")))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or_else(|| {
        io::Error::other(format!(
            "cannot make a {}x{} picture",
            size.width(),
            size.height()
        ))
    })?;
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

impl Format for Png {
    fn name(&self) -> &'static str {
        "png"
    }

    fn extension(&self) -> &'static str {
        "png"
    }

    fn estimated_size(&self, maze: &Maze) -> u64 {
        // Antialiased lines on flat colours: about half a byte a pixel (0.7 measured at 16
        // pixels a cell).
        let (w, h) = pixel_size(self.options.cell_size, maze.width(), maze.height());
        w * h / 2 + 1024
    }

    fn write(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let png = self
            .render(maze)?
            .encode_png()
            .map_err(|e| io::Error::other(format!("cannot encode the PNG: {e}")))?;
        out.write_all(&png)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MazeOptions, Pos};

    #[test]
    fn the_picture_has_the_svgs_size_and_refuses_a_huge_one() {
        assert_eq!(pixel_size(CellSize::Pixels(10), 5, 3), (70, 50));
        assert_eq!(pixel_size(CellSize::Scalable, 5, 3), (7 * 16, 5 * 16));
        assert_eq!(pixel_size(CellSize::Fit, 998, 498), (1600, 800));
        assert!(check_size(CellSize::Fit, 10_000, 10_000).is_ok());
        // 8000x8000 pixels is the most: 98x98 cells of 80 pixels and a margin.
        assert!(check_size(CellSize::Pixels(80), 98, 98).is_ok());
        assert!(check_size(CellSize::Pixels(80), 99, 98).is_err());
    }

    #[test]
    fn a_picture_too_large_is_png_too_large_with_its_sizes() {
        let error = Png::check_size(CellSize::Pixels(20), 1000, 999).unwrap_err();
        assert!(
            matches!(
                error,
                Error::PngTooLarge {
                    width: 1000,
                    height: 999,
                    pixel_width: 20_040,
                    pixel_height: 20_020,
                    limit: MAX_PIXELS,
                }
            ),
            "{error:?}"
        );
        assert_eq!(
            error.to_string(),
            "a 1000x999 maze at this cell size is a 20040x20020 pixel PNG, more than the 64 \
             million pixels a PNG may have"
        );
        // The picture is refused before it is drawn, as an io::Error for a writer.
        let maze = Maze::builder(10, 10).seed(1).build().unwrap();
        let png = Png::new(SvgOptions::default().cell_size(CellSize::Pixels(1000)));
        let io_error = png.render(&maze).unwrap_err();
        assert!(
            io_error.to_string().contains("12000x12000 pixel PNG"),
            "{io_error}"
        );
    }

    #[test]
    fn writes_a_png_of_the_drawing() {
        let maze = Maze::generate(
            MazeOptions::new(9, 7).seed(1),
            Pos::new(0, 0),
            Pos::new(8, 6),
        )
        .unwrap();
        let png = Png::new(SvgOptions {
            cell_size: CellSize::Pixels(4),
            ..SvgOptions::default()
        });
        let mut bytes = Vec::new();
        png.write(&maze, &mut bytes).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let pixmap = tiny_skia::Pixmap::decode_png(&bytes).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (44, 36));
    }
}
