/**
 * Every screen's own document title (WCAG 2.4.2), taken from its main heading: "Kunden – Fieldbook".
 * Screens keep one `h1`; this follows it through navigation, language changes and loading states,
 * so no route has to repeat its title.
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
