import PDFDocument from 'pdfkit';

/** A document as content: the renderer lays it out, so every Voltin PDF looks alike and is easy to test. */
export interface DocumentModel {
  title: string;
  subtitle: string;
  /** Shown in the PDF metadata and the footer. */
  author: string;
  sections: Array<{
    heading: string;
    paragraphs?: string[];
    table?: { columns: string[]; rows: string[][] };
  }>;
  footer: string;
}

const MARGIN = 54;

function drawTable(doc: PDFKit.PDFDocument, table: { columns: string[]; rows: string[][] }) {
  const width = doc.page.width - 2 * MARGIN;
  const columnWidth = width / table.columns.length;
  const drawRow = (cells: string[], bold: boolean) => {
    const top = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const heights = cells.map((cell) => doc.heightOfString(cell, { width: columnWidth - 8 }));
    const height = Math.max(...heights) + 8;
    if (top + height > doc.page.height - MARGIN) doc.addPage();
    const rowTop = doc.y;
    cells.forEach((cell, i) => {
      doc.rect(MARGIN + i * columnWidth, rowTop, columnWidth, height).stroke('#9ca3af');
      doc
        .fillColor('#111827')
        .text(cell, MARGIN + i * columnWidth + 4, rowTop + 4, { width: columnWidth - 8 });
    });
    doc.x = MARGIN;
    doc.y = rowTop + height;
  };
  drawRow(table.columns, true);
  for (const row of table.rows) drawRow(row, false);
  doc.moveDown(0.8);
}

export function renderPdf(model: DocumentModel): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: MARGIN,
      info: { Title: model.title, Author: model.author, Subject: model.subtitle },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(18).fillColor('#1d4ed8').text(model.title);
    doc.font('Helvetica').fontSize(11).fillColor('#374151').text(model.subtitle).moveDown();
    for (const section of model.sections) {
      doc.font('Helvetica-Bold').fontSize(12).fillColor('#111827').text(section.heading).moveDown(0.3);
      if (section.table) drawTable(doc, section.table);
      for (const paragraph of section.paragraphs ?? []) {
        doc
          .font('Helvetica')
          .fontSize(10)
          .fillColor('#111827')
          .text(paragraph, { align: 'left' })
          .moveDown(0.5);
      }
      doc.moveDown(0.4);
    }
    doc.font('Helvetica').fontSize(8).fillColor('#6b7280').text(model.footer);
    doc.end();
  });
}
