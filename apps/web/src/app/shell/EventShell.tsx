import type { Event, EventMember } from '@lobby/contract';
import { memo, Suspense } from 'react';
import { createPortal } from 'react-dom';
import { isSignedIn } from '../../api/session.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { isGeneralMode } from '../config.ts';
import { EventSwitcher } from './EventSwitcher.tsx';
import { eventListeners, shellEntries, type ShellContext } from './registry.ts';
import { Sidebar } from './Sidebar.tsx';
import { useShellSlots } from './slots.ts';
import { TabBar } from './TabBar.tsx';
import { splitForPhone, visibleEntries } from './visibility.ts';

/** Tailwind's `md`, where the sidebar's `md:block` and the tab bar's `md:hidden` switch. */
const SIDEBAR_FROM = '(min-width: 48rem)';

/**
 * The event's part of the shell, rendered by the event layout into the app layout's slots: the
 * sidebar, the phone tab bar with its "more" sheet, and (general mode) the event switcher; and
 * for members, the event's listeners (the incoming-call ring). Memoised: the event layout renders
 * again with every change of address, and the shell's links follow the address themselves.
 */
export const EventShell = memo(function EventShell({ event, member }: { event: Event; member: EventMember | null }) {
  const slots = useShellSlots();
  const context: ShellContext = { event, member, signedIn: isSignedIn() };
  const visible = visibleEntries(shellEntries, context);
  const { tabs, more } = splitForPhone(visible);
  // Only the one the screen shows is rendered (their CSS hides the other too): on a phone the
  // sidebar's links and badges would be a third of the page's elements, all hidden. Without
  // matchMedia (null) both are, and CSS decides.
  const wide = useMediaQuery(SIDEBAR_FROM, null);
  return (
    <>
      {slots.sidebar && wide !== false ? createPortal(<Sidebar items={visible} context={context} />, slots.sidebar) : null}
      {slots.tabBar && wide !== true ? createPortal(<TabBar tabs={tabs} more={more} context={context} />, slots.tabBar) : null}
      {isGeneralMode && slots.switcher ? createPortal(<EventSwitcher current={event} />, slots.switcher) : null}
      {member && context.signedIn
        ? eventListeners.map(({ id, Component }) => (
            <Suspense key={id} fallback={null}>
              <Component context={context} />
            </Suspense>
          ))
        : null}
    </>
  );
});
