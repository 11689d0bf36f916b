//! Canonical Huffman codes: code lengths within `MAX_LEN` from symbol counts,
//! the codes, a bit writer, and the decoder (a look-up of every
//! `MAX_LEN`-bit prefix through a 64-bit window).

use super::format::{ESCAPE, MAX_LEN, SYMBOLS, ShipError};

/// Huffman code lengths (at most `MAX_LEN`) of symbols with these counts;
/// unused symbols get 0. Counts are halved until the longest code fits.
pub(super) fn code_lengths(counts: &[u64; SYMBOLS]) -> [u8; SYMBOLS] {
    let mut counts = *counts;
    loop {
        let lengths = huffman_lengths(&counts);
        if lengths.iter().all(|&l| l as u32 <= MAX_LEN) {
            return lengths;
        }
        for c in counts.iter_mut().filter(|c| **c > 0) {
            *c = (*c).div_ceil(2);
        }
    }
}

pub(super) fn huffman_lengths(counts: &[u64; SYMBOLS]) -> [u8; SYMBOLS] {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut lengths = [0u8; SYMBOLS];
    let used: Vec<usize> = (0..SYMBOLS).filter(|&s| counts[s] > 0).collect();
    if used.len() == 1 {
        lengths[used[0]] = 1;
        return lengths;
    }
    // Nodes: leaves are symbols; a merged node records its children.
    let mut parent: Vec<usize> = vec![usize::MAX; SYMBOLS];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> =
        used.iter().map(|&s| Reverse((counts[s], s))).collect();
    while heap.len() > 1 {
        let Reverse((a, i)) = heap.pop().unwrap();
        let Reverse((b, j)) = heap.pop().unwrap();
        let node = parent.len();
        parent.push(usize::MAX);
        parent[i] = node;
        parent[j] = node;
        heap.push(Reverse((a + b, node)));
    }
    for &s in &used {
        let (mut n, mut depth) = (s, 0u8);
        while parent[n] != usize::MAX {
            n = parent[n];
            depth = depth.saturating_add(1);
        }
        lengths[s] = depth;
    }
    lengths
}

/// Canonical codes of code lengths: shorter codes first, then by symbol.
pub(super) fn canonical_codes(lengths: &[u8; SYMBOLS]) -> [u32; SYMBOLS] {
    let mut codes = [0u32; SYMBOLS];
    let mut code = 0u32;
    for len in 1..=MAX_LEN as u8 {
        for s in (0..SYMBOLS).filter(|&s| lengths[s] == len) {
            codes[s] = code;
            code += 1;
        }
        code <<= 1;
    }
    codes
}

/// Bits, most significant first.
#[derive(Default)]
pub(super) struct BitWriter {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl BitWriter {
    pub(super) fn put(&mut self, code: u32, len: u32) {
        for i in (0..len).rev() {
            self.acc = self.acc << 1 | (code >> i & 1) as u64;
            self.n += 1;
            if self.n == 8 {
                self.out.push(self.acc as u8);
                (self.acc, self.n) = (0, 0);
            }
        }
    }

    pub(super) fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.out.push((self.acc << (8 - self.n)) as u8);
        }
        self.out
    }
}

/// Bits, most significant first, through a 64-bit window.
pub(super) struct BitReader<'a> {
    bytes: &'a [u8],
    /// The next byte to load into the window.
    next: usize,
    /// The window: its `held` top bits are the next bits of the stream.
    window: u64,
    held: u32,
}

impl BitReader<'_> {
    pub(super) fn new(bytes: &[u8]) -> BitReader<'_> {
        BitReader {
            bytes,
            next: 0,
            window: 0,
            held: 0,
        }
    }

    /// Loads bytes until the window holds more than 56 bits (zeros past the
    /// end).
    #[inline]
    pub(super) fn refill(&mut self) {
        while self.held <= 56 {
            let byte = self.bytes.get(self.next).copied().unwrap_or(0);
            self.window |= (byte as u64) << (56 - self.held);
            self.next += 1;
            self.held += 8;
        }
    }

    /// The next `MAX_LEN` bits without taking them.
    #[inline]
    pub(super) fn peek(&mut self) -> u32 {
        if self.held < MAX_LEN {
            self.refill();
        }
        (self.window >> (64 - MAX_LEN)) as u32
    }

    /// Takes `len` (at most `MAX_LEN`) bits already peeked at.
    #[inline]
    pub(super) fn skip(&mut self, len: u32) {
        self.window <<= len;
        self.held -= len;
    }

    pub(super) fn take(&mut self, len: u32) -> u32 {
        let mut v = 0;
        let mut left = len;
        while left > 0 {
            let n = left.min(MAX_LEN);
            v = v << n | self.peek() >> (MAX_LEN - n);
            self.skip(n);
            left -= n;
        }
        v
    }

    /// Whether more bits were taken than the stream has (those taken are
    /// those loaded less those still held).
    pub(super) fn overrun(&self) -> bool {
        self.next * 8 - self.held as usize > self.bytes.len() * 8
    }
}

/// A canonical Huffman decoder: the symbol and length of every
/// `MAX_LEN`-bit prefix.
pub(super) struct Decoder {
    table: Vec<(u16, u8)>,
}

impl Decoder {
    pub(super) fn new(lengths: &[u8]) -> Result<Decoder, ShipError> {
        let lengths: &[u8; SYMBOLS] = lengths.try_into().map_err(|_| ShipError::Truncated)?;
        if lengths.iter().any(|&l| l as u32 > MAX_LEN) {
            return Err(ShipError::BadCode);
        }
        // Kraft: the codes must fit in the prefix space.
        let space: u64 = lengths
            .iter()
            .filter(|&&l| l > 0)
            .map(|&l| 1u64 << (MAX_LEN - l as u32))
            .sum();
        if space > 1 << MAX_LEN {
            return Err(ShipError::BadCode);
        }
        let codes = canonical_codes(lengths);
        let mut table = vec![(ESCAPE as u16, 0u8); 1 << MAX_LEN];
        for s in (0..SYMBOLS).filter(|&s| lengths[s] > 0) {
            let shift = MAX_LEN - lengths[s] as u32;
            let first = (codes[s] << shift) as usize;
            for slot in &mut table[first..first + (1 << shift)] {
                *slot = (s as u16, lengths[s]);
            }
        }
        Ok(Decoder { table })
    }

    #[inline]
    pub(super) fn symbol(&self, bits: &mut BitReader) -> usize {
        let (s, len) = self.table[bits.peek() as usize];
        // A prefix no code has: take one bit, so a bad stream still ends.
        bits.skip(len.max(1) as u32);
        s as usize
    }
}
