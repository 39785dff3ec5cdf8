// @vitest-environment jsdom
// The layout's slots in a DOM: an event's page portals its sidebar, tab bar and switcher into them
// in the same commit as the page itself. The slots used to be the hosts' own elements, taken from
// ref callbacks into state: the first commit then set state, and React rendered the whole shell a
// second time, synchronously, in the same task (a long task on every first load of an event page).
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { createPortal } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTexts, mountNode, stubApi, unmountPage } from '../../features/academy/harness.test-data.tsx';
import { useShellSlots } from '../shell/slots.ts';
import { AppLayout } from './AppLayout.tsx';

beforeAll(initTexts);
afterEach(unmountPage);

/** A page that fills the three slots, as EventShell does. */
function SlotFiller() {
  const slots = useShellSlots();
  return (
    <>
      {slots.sidebar ? createPortal(<nav data-testid="in-sidebar">sidebar</nav>, slots.sidebar) : null}
      {slots.tabBar ? createPortal(<nav data-testid="in-tab-bar">tabs</nav>, slots.tabBar) : null}
      {slots.switcher ? createPortal(<button type="button" data-testid="in-switcher">switch</button>, slots.switcher) : null}
      <p data-testid="page">page</p>
    </>
  );
}

describe('AppLayout slots', () => {
  it('renders the slots with the page, without a second render during the commit, in document order around main', () => {
    stubApi(() => undefined);
    const commits: string[] = [];
    const onRender: ProfilerOnRenderCallback = (_id, phase) => commits.push(phase);
    const router = createMemoryRouter(
      [
        {
          element: (
            <Profiler id="layout" onRender={onRender}>
              <AppLayout />
            </Profiler>
          ),
          children: [{ index: true, element: <SlotFiller /> }],
        },
      ],
      { initialEntries: ['/'] },
    );
    mountNode(<RouterProvider router={router} />);
    // No update scheduled during the mount's commit: a slot taken from a ref into state made one
    // ('nested-update', rendered synchronously right after the mount).
    expect(commits[0]).toBe('mount');
    expect(commits).not.toContain('nested-update');
    const sidebar = document.querySelector('[data-testid="in-sidebar"]');
    const tabs = document.querySelector('[data-testid="in-tab-bar"]');
    const main = document.querySelector('main');
    expect(sidebar && main && tabs).toBeTruthy();
    // The sidebar comes before main and the tab bar after it (landmarks in document order).
    expect(sidebar?.compareDocumentPosition(main as Node)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(tabs?.compareDocumentPosition(main as Node)).toBe(Node.DOCUMENT_POSITION_PRECEDING);
    expect(document.querySelector('header [data-testid="in-switcher"]')).not.toBeNull();
  });
});
