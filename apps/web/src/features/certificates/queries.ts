// The certificates' public call: a certificate by its code (the verification page). Apart from the
// page, so that the router can start it while the page's code loads. The route is imported by
// itself (not through `routes`, which holds every call): this module is part of the first load.
import { CERTIFICATE_CODE_PATTERN, verifyCertificate } from '@lobby/contract';
import { apiQuery } from '../../api/client.ts';

/** A code of the wrong form is never looked up: the page says at once that there is no such certificate. */
export const isCertificateCode = (code: string): boolean => CERTIFICATE_CODE_PATTERN.test(code);

/** A certificate by its code; 404 academy.certificate_not_found for a code Lobby did not issue. */
export const certificateQuery = (code: string) => apiQuery(verifyCertificate, { params: { code } });
