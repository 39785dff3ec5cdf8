import { z } from 'zod';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';

/** Where banners appear on an event's pages. */
export const BRANDING_PLACES = ['home_top', 'home_sidebar', 'footer'] as const;
export const ZBrandingPlace = z.enum(BRANDING_PLACES);

export const ZBanner = z
  .object({
    id: z.number().int(),
    place_id: ZBrandingPlace,
    title: z.string(),
    image_url: z.string(),
    link_url: z.string().nullable(),
  })
  .meta({ id: 'Banner' });

export const ZBrandingGroup = z.object({ place: ZBrandingPlace, banners: z.array(ZBanner) }).meta({ id: 'BrandingGroup' });
export type BrandingGroup = z.infer<typeof ZBrandingGroup>;

export const listBrandings = defineRoute({
  id: 'events.brandings',
  method: 'GET',
  path: '/api/v1/events/{eventId}/brandings',
  summary: 'Banners of an event grouped by place',
  tags: ['events'],
  params: z.object({ eventId: ZEventId }),
  response: z.object({ data: z.array(ZBrandingGroup) }),
  errors: [400, 404],
});
