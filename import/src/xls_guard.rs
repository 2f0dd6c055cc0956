//! Checks a legacy .xls before calamine opens it.
//!
//! calamine 0.38 builds every sheet as a dense `rows × columns` grid from the
//! cell positions, and reserves space from the DIMENSIONS record, before we
//! see anything. One forged cell (row 60000, column 30000) or one forged
//! DIMENSIONS record asks for tens of gigabytes and the process aborts, which
//! `catch_unwind` cannot stop. So: read the compound file ourselves (every
//! step bounded by the file size), walk the BIFF records of the Workbook
//! stream, and refuse sheets whose bounding box is too large.

use super::ImportError;

/// Dense cells calamine may allocate for one sheet (32 bytes each: ~128 MB).
const MAX_SHEET_CELLS: u64 = 4_000_000;
const FREE_OR_END: u32 = 0xFFFF_FFFA; // ids at or above this are markers

pub fn check_xls(bytes: &[u8]) -> Result<(), ImportError> {
    if is_encrypted_ooxml(bytes) {
        return Err(ImportError::PasswordProtected);
    }
    let cfb = Cfb::parse(bytes).ok_or(ImportError::CorruptSpreadsheet)?;
    let stream = cfb
        .workbook_stream()
        .ok_or(ImportError::CorruptSpreadsheet)?;
    check_biff(&stream)
}

/// A password-protected .xlsx is an OLE container holding an "EncryptedPackage"
/// stream; directory names are UTF-16LE.
fn is_encrypted_ooxml(bytes: &[u8]) -> bool {
    let name: Vec<u8> = "EncryptedPackage"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    bytes.windows(name.len()).any(|w| w == name.as_slice())
}

fn u16_at(b: &[u8], p: usize) -> Option<u32> {
    b.get(p..p + 2)
        .map(|s| u32::from(u16::from_le_bytes([s[0], s[1]])))
}

fn u32_at(b: &[u8], p: usize) -> Option<u32> {
    b.get(p..p + 4)
        .map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

struct Cfb<'a> {
    bytes: &'a [u8],
    sector_size: usize,
    fat: Vec<u32>,
    mini_fat: Vec<u32>,
    mini_stream: Vec<u8>,
    directory: Vec<u8>,
    mini_cutoff: u64,
}

impl<'a> Cfb<'a> {
    fn parse(bytes: &'a [u8]) -> Option<Self> {
        let sector_size = match u16_at(bytes, 30)? {
            9 => 512,
            12 => 4096,
            _ => return None,
        };
        let max_sectors = bytes.len() / sector_size + 1;
        // DIFAT: 109 entries in the header, then a chain of DIFAT sectors.
        let mut difat: Vec<u32> = (0..109).filter_map(|i| u32_at(bytes, 76 + i * 4)).collect();
        let mut next = u32_at(bytes, 68)?;
        let mut guard = 0;
        while next < FREE_OR_END {
            guard += 1;
            if guard > max_sectors {
                return None;
            }
            let sector = sector_slice(bytes, sector_size, next)?;
            let per = sector_size / 4 - 1;
            difat.extend((0..per).filter_map(|i| u32_at(sector, i * 4)));
            next = u32_at(sector, per * 4)?;
        }
        let mut fat = Vec::new();
        for id in difat.into_iter().filter(|&id| id < FREE_OR_END) {
            let sector = sector_slice(bytes, sector_size, id)?;
            fat.extend((0..sector_size / 4).filter_map(|i| u32_at(sector, i * 4)));
            if fat.len() > max_sectors.saturating_mul(sector_size / 4) {
                return None;
            }
        }
        let mut cfb = Cfb {
            bytes,
            sector_size,
            fat,
            mini_fat: Vec::new(),
            mini_stream: Vec::new(),
            directory: Vec::new(),
            mini_cutoff: u64::from(u32_at(bytes, 56)?),
        };
        cfb.directory = cfb.chain(u32_at(bytes, 48)?, usize::MAX)?;
        let mini_fat_bytes = cfb.chain(u32_at(bytes, 60)?, usize::MAX)?;
        cfb.mini_fat = (0..mini_fat_bytes.len() / 4)
            .filter_map(|i| u32_at(&mini_fat_bytes, i * 4))
            .collect();
        // The root entry's stream is the mini stream.
        let root = cfb.directory.get(..128)?;
        let root_size = usize::try_from(u32_at(root, 120)?).ok()?;
        cfb.mini_stream = cfb.chain(u32_at(root, 116)?, root_size)?;
        Some(cfb)
    }

    /// Follow a FAT chain, reading at most `limit` bytes; loops and
    /// out-of-file sectors fail.
    fn chain(&self, start: u32, limit: usize) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        let mut id = start;
        let mut steps = 0;
        while id < FREE_OR_END && out.len() < limit {
            steps += 1;
            if steps > self.fat.len() + 1 {
                return None;
            }
            out.extend_from_slice(sector_slice(self.bytes, self.sector_size, id)?);
            id = *self.fat.get(id as usize)?;
        }
        out.truncate(limit);
        Some(out)
    }

    fn mini_chain(&self, start: u32, limit: usize) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        let mut id = start;
        let mut steps = 0;
        while id < FREE_OR_END && out.len() < limit {
            steps += 1;
            if steps > self.mini_fat.len() + 1 {
                return None;
            }
            let from = (id as usize).checked_mul(64)?;
            out.extend_from_slice(self.mini_stream.get(from..from + 64)?);
            id = *self.mini_fat.get(id as usize)?;
        }
        out.truncate(limit);
        Some(out)
    }

    fn workbook_stream(&self) -> Option<Vec<u8>> {
        for entry in self.directory.chunks_exact(128) {
            let name_len = (u16_at(entry, 64)? as usize).min(64);
            let name: Vec<u16> = entry[..name_len]
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .take_while(|&c| c != 0)
                .collect();
            let name = String::from_utf16_lossy(&name);
            if entry[66] != 2
                || !(name.eq_ignore_ascii_case("Workbook") || name.eq_ignore_ascii_case("Book"))
            {
                continue;
            }
            let size = u64::from(u32_at(entry, 120)?);
            let start = u32_at(entry, 116)?;
            let limit = usize::try_from(size).ok()?.min(self.bytes.len());
            return if size < self.mini_cutoff {
                self.mini_chain(start, limit)
            } else {
                self.chain(start, limit)
            };
        }
        None
    }
}

fn sector_slice(bytes: &[u8], sector_size: usize, id: u32) -> Option<&[u8]> {
    let from = (id as usize).checked_add(1)?.checked_mul(sector_size)?;
    bytes.get(from..from.checked_add(sector_size)?)
}

/// Walk BIFF records; per sheet substream, track the cells' bounding box and
/// the DIMENSIONS record the way calamine computes them.
fn check_biff(stream: &[u8]) -> Result<(), ImportError> {
    let mut pos = 0usize;
    let mut bounds: Option<(u32, u32, u32, u32)> = None; // min row, max row, min col, max col
    let check = |b: Option<(u32, u32, u32, u32)>| match b {
        Some((r0, r1, c0, c1))
            if u64::from(r1 - r0 + 1) * u64::from(c1 - c0 + 1) > MAX_SHEET_CELLS =>
        {
            Err(ImportError::TooLarge)
        }
        _ => Ok(()),
    };
    while let (Some(typ), Some(len)) = (u16_at(stream, pos), u16_at(stream, pos + 2)) {
        let data = stream.get(pos + 4..pos + 4 + len as usize).unwrap_or(&[]);
        pos += 4 + len as usize;
        match typ {
            0x0809 => {
                check(bounds.take())?;
            }
            0x0200 => check_dimensions(data)?,
            // Cell records: row and first column at the start.
            0x0001..=0x0006
            | 0x0201
            | 0x0203
            | 0x0204
            | 0x0205
            | 0x0206
            | 0x027E
            | 0x00FD
            | 0x00D6
            | 0x00BD
            | 0x00BE => {
                let (Some(row), Some(col)) = (u16_at(data, 0), u16_at(data, 2)) else {
                    continue;
                };
                // MULRK / MULBLANK end with the last column.
                let last_col = if matches!(typ, 0x00BD | 0x00BE) && data.len() >= 6 {
                    u16_at(data, data.len() - 2).unwrap_or(col).max(col)
                } else {
                    col
                };
                bounds = Some(match bounds {
                    None => (row, row, col, last_col),
                    Some((r0, r1, c0, c1)) => {
                        (r0.min(row), r1.max(row), c0.min(col), c1.max(last_col))
                    }
                });
            }
            _ => {}
        }
    }
    check(bounds)
}

/// calamine reserves `rows × columns` from DIMENSIONS, in u32 arithmetic that
/// wraps when first > last. Mirror it and refuse what no real sheet has.
fn check_dimensions(r: &[u8]) -> Result<(), ImportError> {
    let fields = match r.len() {
        10 => (u16_at(r, 0), u16_at(r, 2), u16_at(r, 4), u16_at(r, 6)),
        14 | 16 => (u32_at(r, 0), u32_at(r, 4), u16_at(r, 8), u16_at(r, 10)),
        _ => return Ok(()), // calamine rejects other lengths itself
    };
    let (Some(rf), Some(rl), Some(cf), Some(cl)) = fields else {
        return Ok(());
    };
    let cf = if cf > 0xFF || cl < cf { 0 } else { cf };
    let (end_r, end_c) = if rl >= 1 && cl >= 1 {
        (rl - 1, cl - 1)
    } else {
        (rf, cf)
    };
    let rows = u64::from(end_r.wrapping_sub(rf).wrapping_add(1));
    let cols = u64::from(end_c.wrapping_sub(cf).wrapping_add(1));
    if rows.saturating_mul(cols) > MAX_SHEET_CELLS.max(65_536 * 256) {
        return Err(ImportError::TooLarge);
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn record(typ: u16, data: &[u8]) -> Vec<u8> {
        let mut v = typ.to_le_bytes().to_vec();
        v.extend((data.len() as u16).to_le_bytes());
        v.extend_from_slice(data);
        v
    }

    #[test]
    fn fixture_passes() {
        assert_eq!(check_xls(include_bytes!("testdata/listino.xls")), Ok(()));
    }

    #[test]
    fn far_cells_are_refused() {
        let mut s = record(0x0809, &[0; 16]);
        s.extend(record(0x0203, &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
        assert_eq!(check_biff(&s), Ok(()));
        s.extend(record(
            0x0203,
            &[0x60, 0xEA, 0x30, 0x75, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        ));
        assert_eq!(check_biff(&s), Err(ImportError::TooLarge));
    }

    #[test]
    fn forged_dimensions_are_refused() {
        let mut d = 1_577_058_304u32.to_le_bytes().to_vec();
        d.extend(6u32.to_le_bytes());
        d.extend([0, 0, 6, 0, 0, 0]);
        assert_eq!(check_dimensions(&d), Err(ImportError::TooLarge));
        let mut ok = 0u32.to_le_bytes().to_vec();
        ok.extend(10u32.to_le_bytes());
        ok.extend([0, 0, 5, 0, 0, 0]);
        assert_eq!(check_dimensions(&ok), Ok(()));
    }

    #[test]
    fn garbage_compound_file_is_refused() {
        let mut b = vec![0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
        b.extend(std::iter::repeat_n(0xFFu8, 600));
        assert!(check_xls(&b).is_err());
    }
}
