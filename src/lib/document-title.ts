/**
 * Every screen's own document title (WCAG 2.4.2), taken from its main heading: "Kunden – Fieldbook".
 * Screens keep one `h1`; this follows it through navigation, language changes and loading states,
 * so no route has to repeat its title.
 *
 * Focus after navigation: when the element that had the focus is gone (a submitted sign-in form, a
 * followed link in a closed menu), the new screen's heading takes it, so keyboard and screen-reader
 * users continue on the new screen instead of at the top of an empty document.
 */
import { useEffect } from 'react';

const APP_NAME = 'Fieldbook';

export function titleFor(heading: string | null | undefined): string {
  const text = heading?.replace(/\s+/g, ' ').trim();
  return text && text !== APP_NAME ? `${text} – ${APP_NAME}` : APP_NAME;
}

export function useDocumentTitleFromHeading() {
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = titleFor(document.querySelector('h1')?.textContent);
      if (document.title !== next) document.title = next;
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    update();
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
}

/** Moves a lost focus (on the body) to the screen's main heading once the path has changed. */
export function useFocusHeadingAfterNavigation(pathname: string) {
  useEffect(() => {
    let tries = 0;
    let frame = 0;
    const attempt = () => {
      frame = 0;
      const heading = document.querySelector<HTMLElement>('main h1, h1');
      if (heading) {
        // Only a focus that is gone moves: one in a field or dialog of the new screen stays.
        const active = document.activeElement;
        const lost = active === null || active === document.body || !active.isConnected;
        if (lost) {
          if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
          heading.focus({ preventScroll: true });
        }
        return;
      }
      // The screen may still be loading: look again for a few seconds.
      if (++tries < 180) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => {
      if (frame) cancelAnimationFrame(frame);
    };
  }, [pathname]);
}
