// A certificate's two addresses as the web app links them: the API gives them relative to Lobby's
// address, and a link is only made from an answer that stays on Lobby's own paths (else from the code).
import { certificatePath, certificatePdfPath, type Certificate } from '@lobby/contract';

const PDF_PREFIX = '/api/v1/certificates/';
const PAGE_PREFIX = '/certificates/';

/** Same-origin and under the certificates' own path: no scheme, no protocol-relative "//host". */
const within = (path: string, prefix: string): boolean => path.startsWith(prefix) && !path.includes('//') && !path.includes('\\');

/** The PDF to download: the answer's pdf_path when it is the API's certificate path, else built from the code. */
export const pdfHref = (certificate: Pick<Certificate, 'code' | 'pdf_path'>): string => (within(certificate.pdf_path, PDF_PREFIX) ? certificate.pdf_path : certificatePdfPath(certificate.code));

/** The verification page: the answer's verify_path when it is the web app's certificate page, else built from the code. */
export const verifyHref = (certificate: Pick<Certificate, 'code' | 'verify_path'>): string => (within(certificate.verify_path, PAGE_PREFIX) ? certificate.verify_path : certificatePath(certificate.code));
