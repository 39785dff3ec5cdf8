import type { BrandingGroup } from '@lobby/contract';
import { useQuery } from '@tanstack/react-query';
import { cn } from '../../ui/cn.ts';
import { brandingsQuery } from './queries.ts';

/**
 * The banners of one place (home_top, home_sidebar, footer), as links when they have one. Each
 * place reads the event's banners itself, so their arrival renders the banners again, not the
 * page around them.
 */
export function Banners({ eventId, place, className }: { eventId: number; place: BrandingGroup['place']; className?: string }) {
  const { data } = useQuery(brandingsQuery(eventId));
  const banners = data?.data.find((group) => group.place === place)?.banners ?? [];
  if (banners.length === 0) return null;
  return (
    <div data-testid={`banners-${place}`} className={cn(place === 'footer' ? 'mx-auto max-w-6xl px-4 pb-8' : '', 'flex flex-col gap-3', className)}>
      {banners.map((banner) => {
        const image = <img src={banner.image_url} alt={banner.title} loading="lazy" className="h-auto w-full rounded-2xl border border-line object-cover" />;
        return banner.link_url ? (
          <a key={banner.id} href={banner.link_url} target="_blank" rel="noopener noreferrer sponsored">
            {image}
          </a>
        ) : (
          <div key={banner.id}>{image}</div>
        );
      })}
    </div>
  );
}
