// The academy's certificates (issue 15; e-mail template type 13 Certificate): when a student has
// done every lesson of the course, Lobby issues a certificate once, mails it, and anyone holding its
// code can check it on the verification page and download its PDF. contract.md leaves the calls out.
import { z } from 'zod';
import { ZEventPath } from './academy-paths.ts';
import { dataOf, ZTimestamp } from './common.ts';
import { defineRoute } from './route.ts';

/** A certificate's code: random, URL-safe, hard to guess (it is all a verifier needs). */
export const CERTIFICATE_CODE_PATTERN = /^[A-Za-z0-9_-]{20,40}$/;

/** The verification page of a certificate, in the web app. */
export const certificatePath = (code: string): string => `/certificates/${encodeURIComponent(code)}`;
/** Its PDF, from the API. */
export const certificatePdfPath = (code: string): string => `/api/v1/certificates/${encodeURIComponent(code)}/pdf`;

export const ZCertificate = z
  .object({
    code: z.string(),
    /** The student's name when it was issued. */
    student_name: z.string(),
    /** The course: the event's name. */
    course: z.string(),
    event_slug: z.string(),
    /** The course admins' text (academy settings), as it was when issued. */
    text: z.string(),
    issued_at: ZTimestamp,
    /** The verification page (web) and the PDF (API), both relative to Lobby's address. */
    verify_path: z.string(),
    pdf_path: z.string(),
  })
  .meta({ id: 'Certificate' });
export type Certificate = z.infer<typeof ZCertificate>;

const ZCode = z.object({ code: z.string().regex(CERTIFICATE_CODE_PATTERN) });

export const getMyCertificate = defineRoute({
  id: 'academy.certificate.me',
  method: 'GET',
  path: '/api/v1/{eventId}/academy/certificate',
  summary: "The signed-in student's certificate of the course, or null until the course is complete (the academy's readers)",
  tags: ['academy'],
  auth: true,
  params: ZEventPath,
  response: dataOf(ZCertificate.nullable()),
  errors: [400, 401, 403, 404],
});

export const verifyCertificate = defineRoute({
  id: 'certificates.verify',
  method: 'GET',
  path: '/api/v1/certificates/{code}',
  summary: 'A certificate by its code, for anyone who holds it (the verification page). 404 academy.certificate_not_found for a code Lobby did not issue',
  tags: ['academy'],
  params: ZCode,
  response: dataOf(ZCertificate),
  errors: [400, 404],
});

export const certificatePdf = defineRoute({
  id: 'certificates.pdf',
  method: 'GET',
  path: '/api/v1/certificates/{code}/pdf',
  summary: "A certificate as a PDF (A4 landscape: the student's name, the course, the date, the course admins' text and the verification address). 404 academy.certificate_not_found for a code Lobby did not issue",
  tags: ['academy'],
  params: ZCode,
  response: z.string(),
  errors: [400, 404],
});
