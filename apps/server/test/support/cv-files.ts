// CV files for the vacancy suites, made on the spot: a PDF, a docx and an xlsx (zip files written
// here, stored uncompressed) and a .doc and an .xls (OLE2 compound files with their stream named).
import { crc32 } from 'node:zlib';

export const pdfCv = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** A zip with these entries (method 0, stored), with its central directory. */
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const docxCv = zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document><w:body>Ada Lovelace</w:body></w:document>' });
export const xlsxFile = zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });

/** An OLE2 compound file: the header's magic, then a directory entry naming one stream (UTF-16LE). */
export function ole2Of(stream: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  const directory = Buffer.alloc(512);
  const root = Buffer.from('Root Entry', 'utf16le');
  root.copy(directory, 0);
  directory.writeUInt16LE(root.length + 2, 64);
  const name = Buffer.from(stream, 'utf16le');
  name.copy(directory, 128);
  directory.writeUInt16LE(name.length + 2, 192);
  return Buffer.concat([header, directory]);
}

export const docCv = ole2Of('WordDocument');
export const xlsFile = ole2Of('Workbook');

export const cvFile = (data: Buffer, filename = 'cv.pdf', type = 'application/pdf') => ({ name: 'cv', filename, type, data });
