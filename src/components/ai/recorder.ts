/**
 * A dictation recorded in the browser (MediaRecorder) with its level (Web Audio) and elapsed time,
 * stopped by the person or at the server's limit. Recording errors are named for the person: no
 * permission, no microphone, a browser that cannot record.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useCallback, useEffect, useRef, useState } from 'react';

export type RecorderState = { phase: 'idle' } | { phase: 'recording'; seconds: number; level: number };

/** The formats a server understands, best first (Chromium and Firefox: WebM/Opus; Safari: MP4). */
const TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

function canRecord(): boolean {
  return typeof window !== 'undefined' && typeof window.MediaRecorder !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;
}

export class RecordingError extends Error {
  constructor(readonly reason: MessageDescriptor) {
    super('recording failed');
  }
}

function reasonOf(error: unknown): MessageDescriptor {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return msg`The microphone may not be used. Allow it for this site in the browser's settings.`;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return msg`No microphone was found.`;
  if (name === 'NotReadableError') return msg`The microphone is used by another app.`;
  return msg`The browser could not start the recording.`;
}

interface Session {
  recorder: MediaRecorder;
  stream: MediaStream;
  audio: AudioContext;
  timer: number;
  frame: number;
  cancelled: boolean;
}

export function useRecorder(maxSeconds: number) {
  const [state, setState] = useState<RecorderState>({ phase: 'idle' });
  const session = useRef<Session | null>(null);

  /** Ends the session: the recorder stops (its promise resolves), the microphone is released. */
  const end = useCallback((cancelled: boolean) => {
    const current = session.current;
    if (!current) return;
    session.current = null;
    current.cancelled = cancelled;
    window.clearInterval(current.timer);
    cancelAnimationFrame(current.frame);
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    current.stream.getTracks().forEach((track) => track.stop());
    void current.audio.close().catch(() => undefined);
    setState({ phase: 'idle' });
  }, []);

  const stop = useCallback(() => end(false), [end]);
  /** Throws the recording away (dialog closed, cancelled). */
  const cancel = useCallback(() => end(true), [end]);

  /**
   * Starts recording (throws a RecordingError when it cannot); `recording` resolves with the audio
   * once it is stopped (by `stop` or at the limit), or with null when it was cancelled.
   */
  const start = useCallback(async (): Promise<{ recording: Promise<Blob | null> }> => {
    if (!canRecord()) throw new RecordingError(msg`This browser cannot record audio.`);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch (error) {
      throw new RecordingError(reasonOf(error));
    }
    const mimeType = TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch (error) {
      stream.getTracks().forEach((track) => track.stop());
      throw new RecordingError(reasonOf(error));
    }
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    const audio = new AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 512;
    audio.createMediaStreamSource(stream).connect(analyser);
    const current: Session = { recorder, stream, audio, timer: 0, frame: 0, cancelled: false };
    const recording = new Promise<Blob | null>((resolve) => {
      recorder.onstop = () => resolve(current.cancelled ? null : new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' }));
    });
    const samples = new Uint8Array(analyser.fftSize);
    const began = performance.now();
    let level = 0;
    const measure = () => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += ((s - 128) / 128) ** 2;
      level = Math.min(1, Math.sqrt(sum / samples.length) * 4);
      if (session.current === current) current.frame = requestAnimationFrame(measure);
    };
    current.timer = window.setInterval(() => {
      const seconds = Math.floor((performance.now() - began) / 1000);
      setState({ phase: 'recording', seconds, level });
      if (seconds >= maxSeconds) end(false);
    }, 200);
    session.current = current;
    current.frame = requestAnimationFrame(measure);
    recorder.start(1000);
    setState({ phase: 'recording', seconds: 0, level: 0 });
    return { recording };
  }, [maxSeconds, end]);

  useEffect(() => cancel, [cancel]);

  return { state, start, stop, cancel };
}
