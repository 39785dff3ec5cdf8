// The calendar component in a chunk of its own (DESIGN.md section 10: ~81 kB gzip, never in the first load).
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import ruLocale from '@fullcalendar/react/locales/ru';
import zhLocale from '@fullcalendar/react/locales/zh-cn';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar.css';
import { useTranslation } from 'react-i18next';
import { visibleHours, type CalendarItem } from './events.ts';

/** Fill and text of each kind, each pair at least 4.5:1 (axe's contrast rule). */
const COLORS: Record<string, { color: string; contrastColor: string }> = {
  accepted: { color: '#047857', contrastColor: '#ffffff' },
  waiting_for_me: { color: '#b45309', contrastColor: '#ffffff' },
  waiting_for_other: { color: '#1d4ed8', contrastColor: '#ffffff' },
  free: { color: '#d1fae5', contrastColor: '#064e3b' },
  locked: { color: '#e2e8f0', contrastColor: '#1e293b' },
  busy: { color: '#475569', contrastColor: '#ffffff' },
};

const LOCALES = { ru: ruLocale, zh: zhLocale } as const;
const HH_MM = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

export interface CalendarViewProps {
  items: CalendarItem[];
  /** YYYY-MM-DD, the reader's day to open on. */
  initialDate: string;
  /** The reader's "now" as wall time written in UTC (see events.ts). */
  now: string;
  onItem: (item: CalendarItem) => void;
  initialView?: 'timeGridDay' | 'timeGridWeek' | 'dayGridMonth';
}

/** Day, week and month views of the reader's meetings and slots, in the reader's wall-clock time. */
/** Phones open on one day: a week of slots is unreadable at 375 px. */
const narrow = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 640px)').matches;

export default function FullCalendarView({ items, initialDate, now, onItem, initialView = narrow() ? 'timeGridDay' : 'timeGridWeek' }: CalendarViewProps) {
  const { t, i18n } = useTranslation();
  const hours = visibleHours(items);
  const locale = LOCALES[i18n.language as keyof typeof LOCALES];
  return (
    <div className="lobby-calendar" data-testid="calendar">
      <FullCalendar
        plugins={[classicTheme, dayGridPlugin, timeGridPlugin, interactionPlugin]}
        {...(locale ? { locale } : {})}
        timeZone="UTC"
        now={now}
        initialView={initialView}
        initialDate={initialDate}
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'timeGridDay,timeGridWeek,dayGridMonth' }}
        buttons={{
          today: { text: t('calendar.today') },
          prev: { hint: t('calendar.previous') },
          next: { hint: t('calendar.next') },
          timeGridDay: { text: t('calendar.day') },
          timeGridWeek: { text: t('calendar.week') },
          dayGridMonth: { text: t('calendar.month') },
        }}
        allDaySlot={false}
        nowIndicator
        eventInteractive
        height="auto"
        slotMinTime={hours.min}
        slotMaxTime={hours.max}
        eventTimeFormat={HH_MM}
        slotHeaderFormat={HH_MM}
        events={items.map((item) => {
          const colors = COLORS[item.kind === 'meeting' ? item.view : item.state];
          return { id: item.id, title: item.title, start: item.start, end: item.end, ...colors, extendedProps: { item } };
        })}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          onItem(info.event.extendedProps.item as CalendarItem);
        }}
      />
    </div>
  );
}
