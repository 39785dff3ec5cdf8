// Links to a certificate are made only from answers that stay on Lobby's certificate paths.
import { describe, expect, it } from 'vitest';
import { pdfHref, verifyHref } from './paths.ts';

const CODE = 'AbCdEfGhIjKlMnOpQrSt_-12';

describe("a certificate's links", () => {
  it("take the answer's paths when they are the certificate's own", () => {
    expect(pdfHref({ code: CODE, pdf_path: `/api/v1/certificates/${CODE}/pdf` })).toBe(`/api/v1/certificates/${CODE}/pdf`);
    expect(verifyHref({ code: CODE, verify_path: `/certificates/${CODE}` })).toBe(`/certificates/${CODE}`);
  });

  it.each([['https://evil.example/x.pdf'], ['//evil.example/api/v1/certificates/x/pdf'], ['/api/v1/certificates//evil.example'], ['/api/v1/other'], ['javascript:alert(1)'], ['']])('build them from the code otherwise (%s)', (path) => {
    expect(pdfHref({ code: CODE, pdf_path: path })).toBe(`/api/v1/certificates/${CODE}/pdf`);
    expect(verifyHref({ code: CODE, verify_path: path })).toBe(`/certificates/${CODE}`);
  });
});
