/**
 * The browser's own speech recognition (Web Speech API), the fallback when the server has no
 * speech-to-text service. Chrome sends the audio to its maker's service, so it, too, runs only
 * with the firm's AI consent.
 */
interface RecognitionResultEvent {
  results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
}

interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
}

type RecognitionConstructor = new () => Recognition;

function recognitionClass(): RecognitionConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

export function hasBrowserRecognition(): boolean {
  return !!recognitionClass();
}

/** Listens until `stop` (or silence); resolves with what was understood. */
export function listen(language: 'de' | 'en'): { result: Promise<string>; stop: () => void } {
  const Class = recognitionClass();
  if (!Class) return { result: Promise.reject(new Error('no speech recognition')), stop: () => undefined };
  const recognition = new Class();
  recognition.lang = language === 'de' ? 'de-DE' : 'en-GB';
  recognition.interimResults = false;
  recognition.continuous = true;
  const parts: string[] = [];
  const result = new Promise<string>((resolve, reject) => {
    recognition.onresult = (event) => {
      parts.length = 0;
      for (const item of Array.from(event.results)) if (item.isFinal) parts.push(item[0].transcript);
    };
    recognition.onerror = (event) => reject(new Error(event.error));
    recognition.onend = () => resolve(parts.join(' ').trim());
  });
  recognition.start();
  return { result, stop: () => recognition.stop() };
}
