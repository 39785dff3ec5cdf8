// List blocks of a page: Cards, Speakers, Reviews and Statistics (the Form block is in FormBlock.tsx).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { cn } from '../../ui/cn.ts';
import { PageLink } from './PageLink.tsx';
import { columnsClass, WIDTH_CLASS, type BlockData } from './page-rules.ts';

export function CardsBlock({ data }: { data: BlockData<6> }) {
  return (
    <div className={cn('grid gap-4', columnsClass(data.columns))}>
      {data.cards.map((card, index) => {
        const body = (
          <article className="flex h-full min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-surface">
            {card.image ? <img src={card.image} alt="" loading="lazy" className="aspect-video w-full object-cover" /> : null}
            <div className="flex flex-col gap-2 p-4">
              <h3 className="font-semibold break-words">{card.title}</h3>
              {card.text ? (
                <div className="text-sm text-fg-muted">
                  <Markdown>{card.text}</Markdown>
                </div>
              ) : null}
            </div>
          </article>
        );
        // A linked card carries no links in its text (CARD_LINKS_MESSAGE), so the whole card is the link.
        return card.link ? (
          <PageLink key={index} href={card.link} className="block rounded-2xl hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand">
            {body}
          </PageLink>
        ) : (
          <div key={index}>{body}</div>
        );
      })}
    </div>
  );
}

/** The first visibleNumber speakers, and a 'Show all' button for the rest. */
export function SpeakersBlock({ data }: { data: BlockData<9> }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all ? data.speakers : data.speakers.slice(0, data.visibleNumber);
  return (
    <div className="flex flex-col items-center gap-4">
      <ul className="grid w-full grid-cols-2 gap-4 md:grid-cols-3">
        {shown.map((speaker, index) => (
          <li key={index} className="flex min-w-0 flex-col items-center gap-2 text-center">
            <img src={speaker.image} alt="" loading="lazy" className="size-24 rounded-full object-cover" />
            <span className="font-semibold break-words">{speaker.title}</span>
            <span className="text-sm text-fg-muted break-words">{speaker.subtitle}</span>
          </li>
        ))}
      </ul>
      {!all && data.speakers.length > data.visibleNumber ? (
        <Button variant="secondary" onClick={() => setAll(true)}>
          {t('pages.show_all')}
        </Button>
      ) : null}
    </div>
  );
}

export function ReviewsBlock({ data }: { data: BlockData<10> }) {
  return (
    <ul className="flex flex-col gap-4">
      {data.reviews.map((review, index) => (
        <li key={index}>
          <figure className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
            <blockquote className="whitespace-pre-line leading-relaxed">{review.text}</blockquote>
            <figcaption className="flex items-center gap-3">
              {review.image ? <img src={review.image} alt="" loading="lazy" className="size-10 rounded-full object-cover" /> : null}
              <span className="flex flex-col">
                <span className="font-semibold">{review.name}</span>
                <span className="text-sm text-fg-muted">{review.company}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

export function StatisticsBlock({ data }: { data: BlockData<14> }) {
  return (
    <div className="flex flex-col items-center gap-6">
      {data.image ? <img src={data.image} alt="" loading="lazy" className={cn('h-auto', WIDTH_CLASS[data.imageSize ?? 'w-1/2'])} /> : null}
      <dl className="grid w-full grid-cols-2 gap-4 md:grid-cols-4">
        {data.cards.map((card, index) => (
          <div key={index} className="flex flex-col-reverse items-center gap-1 text-center">
            <dt className="text-sm text-fg-muted">{card.subtitle}</dt>
            <dd className="text-3xl font-bold text-brand-ink">{card.title}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
