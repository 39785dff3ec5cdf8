import { z } from 'zod';
import { dataOf } from './common.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';

/** Upload limits (product.md section 5, contract.md section 9). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const EDITOR_UPLOAD_MAX_BYTES = 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export const EDITOR_IMAGE_TYPES = [...IMAGE_TYPES, 'image/svg+xml'] as const;
export const USER_MEDIA_CATEGORIES = ['logo', 'cover'] as const;
/** Company pictures: logo, cover, and hero media (any category starting with hero). */
export const ZCompanyMediaCategory = z.union([z.enum(['logo', 'cover']), z.string().regex(/^hero[a-z0-9_-]{0,20}$/)]);
export const CROP_RATIOS = ['16:9', '4:3', '1:1', '2:3', 'free'] as const;

export const ZUploaded = z
  .object({ id: z.number().int(), category: z.string(), url: z.string(), thumb_url: z.string().nullable(), mime_type: z.string(), size: z.number().int() })
  .meta({ id: 'Uploaded' });
export type Uploaded = z.infer<typeof ZUploaded>;

/**
 * Multipart uploads: the route's `upload` says which form fields it reads. The server checks the
 * type by content (never the name) and the size while the file streams: 413 names the limit in MB,
 * 415 names the allowed types.
 */
export const uploadMyMedia = defineRoute({
  id: 'users.me.media',
  method: 'POST',
  path: '/api/v1/users/me/media',
  summary: 'Upload a picture of the signed-in person (multipart: category = logo (the avatar, default) or cover, media = the file; png, jpg, gif up to 10 MB)',
  tags: ['users', 'media'],
  auth: true,
  response: dataOf(ZUploaded),
  status: 201,
  errors: [400, 401, 413, 415],
});

export const uploadEventMedia = defineRoute({
  id: 'media.upload',
  method: 'POST',
  path: '/api/v1/{eventId}/media',
  summary: "Upload a file for the event's pages and lessons (multipart: media, category; png, jpg, gif or sanitised svg up to 1 MB); organisers and course admins",
  tags: ['media'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  response: dataOf(ZUploaded),
  status: 201,
  errors: [400, 401, 403, 404, 413, 415],
});

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);

export const uploadCompanyMedia = defineRoute({
  id: 'companies.media.upload',
  method: 'POST',
  path: '/api/v1/companies/{id}/media',
  summary: 'Upload a company picture (multipart: category = logo, cover or hero*, media; png, jpg, gif up to 10 MB); company admins',
  tags: ['companies', 'media'],
  auth: true,
  params: z.object({ id: ZId }),
  response: dataOf(ZUploaded),
  status: 201,
  errors: [400, 401, 403, 404, 413, 415],
});

export const deleteCompanyMedia = defineRoute({
  id: 'companies.media.delete',
  method: 'DELETE',
  path: '/api/v1/companies/{id}/media/{mediaId}',
  summary: 'Remove a company picture; company admins',
  tags: ['companies', 'media'],
  auth: true,
  params: z.object({ id: ZId, mediaId: ZId }),
  response: dataOf(z.object({ deleted: z.literal(true) })),
  errors: [400, 401, 403, 404],
});

export const getFile = defineRoute({
  id: 'files.get',
  method: 'GET',
  path: '/api/v1/files/{key}',
  summary: 'A stored file by its signed address (expires and sig in the query); 403 when the signature is wrong or expired',
  tags: ['media'],
  params: z.object({ key: z.string().min(1).max(200).regex(/^[A-Za-z0-9._-]+$/) }),
  query: z.object({ expires: z.coerce.number().int().min(0).max(99_999_999_999), sig: z.string().min(16).max(128).regex(/^[A-Za-z0-9_-]+$/) }),
  response: z.unknown(),
  errors: [400, 403, 404],
});
