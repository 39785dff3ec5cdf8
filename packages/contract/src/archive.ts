// The lecture archive (product.md sections 2, 3 "video entity", 6 "lecture deletion"; contract.md
// section 3 visibility types). Paths are not shown by the spec; they follow contract.md section 7.
import { z } from 'zod';
import { dataOf, pageOf, ZSearchText, ZTimestamp } from './common.ts';
import { ZEventId } from './members.ts';
import { ARCHIVE_TAG_MAX, ARCHIVE_TAGS_MAX, LECTURE_DESCRIPTION_MAX, LECTURE_TITLE_MAX, VIDEO_URL_MAX, VISIBILITY_TYPES } from './program-rules.ts';
import { ZCategory, ZVideoSource } from './program.ts';
import { defineRoute } from './route.ts';

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);
const ZPath = z.object({ eventId: ZEventId, id: ZId });
export const ZVisibilityType = z.union(VISIBILITY_TYPES.map((value) => z.literal(value)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>]);

export const ZArchiveSpeaker = z.object({ user_id: z.number().int(), first_name: z.string(), last_name: z.string(), avatar_url: z.string().nullable() }).meta({ id: 'ArchiveSpeaker' });

/** A video entity (contract.md section 3), as a viewer of one event's archive sees it. */
export const ZArchiveVideo = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    date: ZTimestamp,
    event: z.object({ id: z.number().int(), name: z.string() }),
    video_source: ZVideoSource,
    video_id: z.string(),
    /** The player address; null unless `play` is 'play'. */
    video_url: z.string().nullable(),
    speakerIds: z.array(z.number().int()),
    speakers: z.array(ZArchiveSpeaker),
    category: z.number().int(),
    tags: z.array(z.string()),
    visibility_type: ZVisibilityType,
    /** Minutes. */
    duration: z.number().int(),
    preview: z.string().nullable(),
    /** What the viewer gets: the player, a consent step (type 2), the upgrade gate (type 3) or nothing (type 4). */
    play: z.enum(['play', 'consent', 'upgrade', 'closed']),
  })
  .meta({ id: 'ArchiveVideo' });
export type ArchiveVideo = z.infer<typeof ZArchiveVideo>;

export const listArchive = defineRoute({
  id: 'archive.list',
  method: 'GET',
  path: '/api/v1/{eventId}/lectures-archive',
  summary:
    "The lecture archive (videos of every event on the platform), newest first. filter[category], filter[tag], filter[speaker] (user id), filter[source], filter[event], filter[query] (title). Members of the event (not on a general ticket); type 4 videos are listed but never playable",
  tags: ['archive'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
    'filter[category]': z.coerce.number().int().min(1).max(16).optional(),
    'filter[tag]': z.string().trim().min(1).max(ARCHIVE_TAG_MAX).optional(),
    'filter[speaker]': ZId.optional(),
    'filter[source]': ZVideoSource.optional(),
    'filter[event]': ZId.optional(),
    'filter[query]': ZSearchText.optional(),
  }),
  response: pageOf(ZArchiveVideo),
  errors: [400, 401, 403, 404],
});

export const ZArchiveFilters = z
  .object({
    categories: z.array(z.number().int()),
    tags: z.array(z.string()),
    speakers: z.array(ZArchiveSpeaker),
    events: z.array(z.object({ id: z.number().int(), name: z.string() })),
    sources: z.array(ZVideoSource),
  })
  .meta({ id: 'ArchiveFilters' });

export const archiveFilters = defineRoute({
  id: 'archive.filters',
  method: 'GET',
  path: '/api/v1/{eventId}/lectures-archive/filters',
  summary: 'The values the archive can be filtered by: categories, tags, speakers, events and sources that have videos',
  tags: ['archive'],
  auth: true,
  params: z.object({ eventId: ZEventId }),
  response: dataOf(ZArchiveFilters),
  errors: [400, 401, 403, 404],
});

export const getArchiveVideo = defineRoute({
  id: 'archive.get',
  method: 'GET',
  path: '/api/v1/{eventId}/lectures-archive/{id}',
  summary: 'One archive video; video_url only when it plays for the reader (play)',
  tags: ['archive'],
  auth: true,
  params: ZPath,
  response: dataOf(ZArchiveVideo),
  errors: [400, 401, 403, 404],
});

export const agreeArchiveVideo = defineRoute({
  id: 'archive.agree',
  method: 'POST',
  path: '/api/v1/{eventId}/lectures-archive/{id}/agree',
  summary: 'Agree to watch a type 2 video; remembered for the person, answers the video with its player (409 archive.consent_not_needed for other types)',
  tags: ['archive'],
  auth: true,
  params: ZPath,
  response: dataOf(ZArchiveVideo),
  errors: [400, 401, 403, 404, 409],
});

export const deleteArchiveVideo = defineRoute({
  id: 'archive.delete',
  method: 'DELETE',
  path: '/api/v1/{eventId}/lectures-archive/{id}',
  summary: 'Delete an archive video: platform staff only (403 lecture.delete_forbidden; the interface offers no deletion, product.md section 6)',
  tags: ['archive'],
  auth: true,
  params: ZPath,
  response: dataOf(z.object({ id: z.number().int(), deleted: z.boolean() })),
  errors: [400, 401, 403, 404],
});

export const ZArchiveVideoInput = z.object({
  title: z.string().trim().min(1).max(LECTURE_TITLE_MAX),
  description: z.string().max(LECTURE_DESCRIPTION_MAX).optional(),
  date: ZTimestamp,
  /** A link of one of the five sources (400 video.url_unsupported otherwise). */
  video_url: z.string().trim().min(1).max(VIDEO_URL_MAX),
  /** User ids of the speakers (members of this event). */
  speakerIds: z.array(z.number().int().min(1).max(2_147_483_647)).max(20).optional(),
  category: ZCategory,
  tags: z.array(z.string().trim().min(1).max(ARCHIVE_TAG_MAX)).max(ARCHIVE_TAGS_MAX).optional(),
  visibility_type: ZVisibilityType,
  duration: z.number().int().min(0).max(24 * 60),
});
export type ArchiveVideoInput = z.infer<typeof ZArchiveVideoInput>;

export const ZAdminArchiveVideo = ZArchiveVideo.extend({ link: z.string() }).meta({ id: 'AdminArchiveVideo' });
export type AdminArchiveVideo = z.infer<typeof ZAdminArchiveVideo>;

const ZAdminPath = z.object({ eventId: ZEventId });

export const adminListArchive = defineRoute({
  id: 'admin.archive.list',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/videos',
  summary: "This event's archive videos, newest first, every visibility type with its player (organisers)",
  tags: ['admin', 'archive'],
  auth: true,
  params: ZAdminPath,
  query: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
    'filter[query]': ZSearchText.optional(),
  }),
  response: pageOf(ZAdminArchiveVideo),
  errors: [400, 401, 403, 404],
});

export const adminCreateArchiveVideo = defineRoute({
  id: 'admin.archive.create',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/videos',
  summary: 'Add a video to the archive under this event (422 archive.invalid, details.fields, for a speaker who is not a member)',
  tags: ['admin', 'archive'],
  auth: true,
  params: ZAdminPath,
  body: ZArchiveVideoInput,
  response: dataOf(ZAdminArchiveVideo),
  status: 201,
  errors: [400, 401, 403, 404, 422],
});

export const adminUpdateArchiveVideo = defineRoute({
  id: 'admin.archive.update',
  method: 'PUT',
  path: '/api/admin/v1/events/{eventId}/videos/{videoId}',
  summary: 'Change an archive video of this event',
  tags: ['admin', 'archive'],
  auth: true,
  params: ZAdminPath.extend({ videoId: ZId }),
  body: ZArchiveVideoInput,
  response: dataOf(ZAdminArchiveVideo),
  errors: [400, 401, 403, 404, 422],
});

export const adminUploadArchivePreview = defineRoute({
  id: 'admin.archive.preview',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/videos/{videoId}/preview',
  summary: 'Set the preview of an archive video (multipart: media; png, jpg, gif up to 5 MB; 413 lecture.preview_too_big beyond)',
  tags: ['admin', 'archive'],
  auth: true,
  params: ZAdminPath.extend({ videoId: ZId }),
  response: dataOf(ZAdminArchiveVideo),
  errors: [400, 401, 403, 404, 413, 415],
});
