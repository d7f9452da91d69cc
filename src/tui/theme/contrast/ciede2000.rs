//! CIEDE2000, the CIE's colour difference of 2000, for the tests that keep a theme's roles
//! apart: sRGB to CIELAB (D65), then ΔE00 as Sharma, Wu and Dalal set it out ("The CIEDE2000
//! color-difference formula: implementation notes, supplementary test data, and mathematical
//! observations", 2005), checked against their published test pairs below. About 20 reads as
//! "clearly another colour"; below 10, two colours are easily taken for each other.

use ratatui::style::Color;

use super::super::css::rgb;
use super::linear;

/// A colour in CIELAB: lightness 0 to 100, then the green-red and blue-yellow axes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lab {
    pub l: f64,
    pub a: f64,
    pub b: f64,
}

/// How different two terminal colours look (named colours and indices as xterm draws them);
/// `None` if one is `Reset`, which has no colour of its own here.
pub fn delta_e(a: Color, b: Color) -> Option<f64> {
    Some(delta_e_lab(lab(rgb(a)?), lab(rgb(b)?)))
}

/// An sRGB colour in CIELAB, under the D65 white of sRGB.
pub fn lab((r, g, b): (u8, u8, u8)) -> Lab {
    let (r, g, b) = (linear(r), linear(g), linear(b));
    let x = 0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b;
    let z = 0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b;
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x / 0.950_47), f(y), f(z / 1.088_83));
    Lab {
        l: 116.0 * fy - 16.0,
        a: 500.0 * (fx - fy),
        b: 200.0 * (fy - fz),
    }
}

/// ΔE00 of two CIELAB colours, with the parametric factors kL = kC = kH = 1.
pub fn delta_e_lab(one: Lab, two: Lab) -> f64 {
    let pow7 = |v: f64| v.powi(7);
    let twenty_five_7 = pow7(25.0);
    let chroma_mean = (one.a.hypot(one.b) + two.a.hypot(two.b)) / 2.0;
    let g = 0.5 * (1.0 - (pow7(chroma_mean) / (pow7(chroma_mean) + twenty_five_7)).sqrt());
    let (a1, a2) = ((1.0 + g) * one.a, (1.0 + g) * two.a);
    let (c1, c2) = (a1.hypot(one.b), a2.hypot(two.b));
    let hue = |b: f64, a: f64, c: f64| {
        if c == 0.0 {
            0.0
        } else {
            b.atan2(a).to_degrees().rem_euclid(360.0)
        }
    };
    let (h1, h2) = (hue(one.b, a1, c1), hue(two.b, a2, c2));
    let grey = c1 * c2 == 0.0;

    let delta_l = two.l - one.l;
    let delta_c = c2 - c1;
    let delta_h_angle = if grey {
        0.0
    } else if (h2 - h1).abs() <= 180.0 {
        h2 - h1
    } else if h2 <= h1 {
        h2 - h1 + 360.0
    } else {
        h2 - h1 - 360.0
    };
    let delta_h = 2.0 * (c1 * c2).sqrt() * (delta_h_angle / 2.0).to_radians().sin();

    let l_mean = (one.l + two.l) / 2.0;
    let c_mean = (c1 + c2) / 2.0;
    let h_mean = if grey {
        h1 + h2
    } else if (h1 - h2).abs() <= 180.0 {
        (h1 + h2) / 2.0
    } else if h1 + h2 < 360.0 {
        (h1 + h2 + 360.0) / 2.0
    } else {
        (h1 + h2 - 360.0) / 2.0
    };
    let cos = |degrees: f64| degrees.to_radians().cos();
    let t =
        1.0 - 0.17 * cos(h_mean - 30.0) + 0.24 * cos(2.0 * h_mean) + 0.32 * cos(3.0 * h_mean + 6.0)
            - 0.20 * cos(4.0 * h_mean - 63.0);
    let rotation = 30.0 * (-((h_mean - 275.0) / 25.0).powi(2)).exp();
    let r_c = 2.0 * (pow7(c_mean) / (pow7(c_mean) + twenty_five_7)).sqrt();
    let l50 = (l_mean - 50.0).powi(2);
    let s_l = 1.0 + 0.015 * l50 / (20.0 + l50).sqrt();
    let s_c = 1.0 + 0.045 * c_mean;
    let s_h = 1.0 + 0.015 * c_mean * t;
    let r_t = -(2.0 * rotation).to_radians().sin() * r_c;
    let (l, c, h) = (delta_l / s_l, delta_c / s_c, delta_h / s_h);
    (l * l + c * c + h * h + r_t * c * h).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sharma, Wu and Dalal's 34 test pairs (their table 1): two CIELAB colours and ΔE00 to
    /// four places. They were chosen to catch the usual mistakes: the hue's wrap at 360°, the
    /// mean hue of two opposite hues, greys (no hue at all), the blue region's rotation term.
    const SHARMA: [[f64; 7]; 34] = [
        [50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425],
        [50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615],
        [50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412],
        [
            50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000,
        ],
        [
            50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000,
        ],
        [
            50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000,
        ],
        [50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669],
        [50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669],
        [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792],
        [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792],
        [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195],
        [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195],
        [50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045],
        [50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045],
        [50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461],
        [50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065],
        [50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492],
        [50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977],
        [50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030],
        [50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535],
        [50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000],
        [50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000],
        [50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000],
        [50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000],
        [
            60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644,
        ],
        [
            63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630,
        ],
        [61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731],
        [35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645],
        [
            22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373,
        ],
        [36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146],
        [90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441],
        [90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381],
        [6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377],
        [2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082],
    ];

    #[test]
    fn delta_e_matches_sharma_wu_and_dalals_test_pairs_both_ways() {
        for (row, pair) in SHARMA.iter().enumerate() {
            let one = Lab {
                l: pair[0],
                a: pair[1],
                b: pair[2],
            };
            let two = Lab {
                l: pair[3],
                a: pair[4],
                b: pair[5],
            };
            for (from, to) in [(one, two), (two, one)] {
                let got = delta_e_lab(from, to);
                assert!(
                    (got - pair[6]).abs() < 5e-5,
                    "pair {}: {got:.4}, published {}",
                    row + 1,
                    pair[6]
                );
            }
        }
    }

    #[test]
    fn srgb_becomes_the_published_lab_values() {
        let close = |got: Lab, l: f64, a: f64, b: f64| {
            (got.l - l).abs() < 0.01 && (got.a - a).abs() < 0.01 && (got.b - b).abs() < 0.01
        };
        // White is the reference white; sRGB's primaries as every colour table gives them.
        assert!(
            close(lab((255, 255, 255)), 100.0, 0.0, 0.0),
            "{:?}",
            lab((255, 255, 255))
        );
        assert!(close(lab((0, 0, 0)), 0.0, 0.0, 0.0));
        assert!(
            close(lab((255, 0, 0)), 53.24, 80.09, 67.20),
            "{:?}",
            lab((255, 0, 0))
        );
        assert!(
            close(lab((0, 255, 0)), 87.73, -86.18, 83.18),
            "{:?}",
            lab((0, 255, 0))
        );
        assert!(
            close(lab((0, 0, 255)), 32.30, 79.19, -107.86),
            "{:?}",
            lab((0, 0, 255))
        );
    }

    #[test]
    fn terminal_colours_are_measured_as_xterm_draws_them() {
        assert_eq!(delta_e(Color::Red, Color::Red), Some(0.0));
        assert_eq!(delta_e(Color::Reset, Color::Red), None);
        // Index 196 is xterm's pure red.
        assert_eq!(
            delta_e(Color::Indexed(196), Color::Black),
            delta_e(Color::Rgb(255, 0, 0), Color::Black)
        );
        // Black on white is about 100 apart.
        let far = delta_e(Color::Rgb(0, 0, 0), Color::Rgb(255, 255, 255)).unwrap();
        assert!((99.0..101.0).contains(&far), "{far}");
    }
}
