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
import type { CalendarItem } from './events.ts';

const COLORS: Record<string, { bg: string; fg: string; border: string }> = {
  accepted: { bg: '#047857', fg: '#ffffff', border: '#065f46' },
  waiting_for_me: { bg: '#b45309', fg: '#ffffff', border: '#92400e' },
  waiting_for_other: { bg: '#1d4ed8', fg: '#ffffff', border: '#1e40af' },
  free: { bg: '#ecfdf5', fg: '#065f46', border: '#6ee7b7' },
  locked: { bg: '#e2e8f0', fg: '#1e293b', border: '#94a3b8' },
  busy: { bg: '#475569', fg: '#ffffff', border: '#334155' },
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
export default function FullCalendarView({ items, initialDate, now, onItem, initialView = 'timeGridWeek' }: CalendarViewProps) {
  const { t, i18n } = useTranslation();
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
        slotMinTime="07:00:00"
        slotMaxTime="22:00:00"
        eventTimeFormat={HH_MM}
        slotHeaderFormat={HH_MM}
        events={items.map((item) => {
          const color = COLORS[item.kind === 'meeting' ? item.view : item.state] ?? COLORS.busy!;
          return { id: item.id, title: item.title, start: item.start, end: item.end, backgroundColor: color.bg, borderColor: color.border, textColor: color.fg, extendedProps: { item } };
        })}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          onItem(info.event.extendedProps.item as CalendarItem);
        }}
      />
    </div>
  );
}
