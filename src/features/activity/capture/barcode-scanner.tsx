/**
 * Scanning an EAN or QR code with the phone's camera. Uses the browser's BarcodeDetector (Chrome on
 * Android, Edge; not Safari or Firefox today) on the rear camera's video; where it or the camera is
 * missing, or the user prefers, the code is typed in. Whatever was read is handed to `onCode`; the
 * caller looks the product up.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconBarcode, IconKeyboard } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

interface DetectedBarcode {
  rawValue: string;
  format: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorConstructor {
  new (options?: { formats?: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

const WANTED_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'qr_code', 'code_128'];

function barcodeDetector(): BarcodeDetectorConstructor | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
}

/** Whether this browser can scan at all (detector and camera). */
function canScanBarcodes(): boolean {
  return !!barcodeDetector() && !!navigator.mediaDevices?.getUserMedia;
}

/**
 * A QR code may carry a URL or text with the EAN in it (`…?ean=4006381333931`, `GTIN:…`): the
 * first run of 8, 12, 13 or 14 digits, else the text as it is.
 */
function codeFromScan(raw: string): string {
  const trimmed = raw.trim();
  if (/^\d{8,14}$/.test(trimmed)) return trimmed;
  const digits = /(?:^|\D)(\d{14}|\d{13}|\d{12}|\d{8})(?:\D|$)/.exec(trimmed);
  return digits ? digits[1] : trimmed;
}

function CameraScanner({ onCode, onUnavailable }: { onCode: (code: string) => void; onUnavailable: () => void }) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [starting, setStarting] = useState(true);
  // The camera starts once; the latest callbacks are read when a code is found.
  const callbacks = useRef({ onCode, onUnavailable });
  useEffect(() => {
    callbacks.current = { onCode, onUnavailable };
  });

  useEffect(() => {
    const { onUnavailable } = callbacks.current;
    const Detector = barcodeDetector();
    if (!Detector || !navigator.mediaDevices?.getUserMedia) {
      onUnavailable();
      return;
    }
    let stream: MediaStream | undefined;
    let stopped = false;
    let timer: number | undefined;
    (async () => {
      try {
        const supported = (await Detector.getSupportedFormats?.()) ?? WANTED_FORMATS;
        const detector = new Detector({ formats: WANTED_FORMATS.filter((f) => supported.includes(f)) });
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        setStarting(false);
        const tick = async () => {
          if (stopped || !video.current) return;
          try {
            const found = await detector.detect(video.current);
            if (found[0]?.rawValue) {
              callbacks.current.onCode(codeFromScan(found[0].rawValue));
              return;
            }
          } catch {
            // a frame that could not be read; try the next one
          }
          timer = window.setTimeout(tick, 200);
        };
        void tick();
      } catch {
        if (!stopped) callbacks.current.onUnavailable();
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <Stack gap="xs">
      <video
        ref={video}
        muted
        playsInline
        aria-label={t`Camera picture for scanning`}
        style={{ width: '100%', maxHeight: '50vh', objectFit: 'cover', borderRadius: 8, background: '#000' }}
      />
      <Text fz="sm" c="dimmed" ta="center">
        {starting ? <Trans>Starting the camera …</Trans> : <Trans>Hold the barcode or QR code in front of the camera.</Trans>}
      </Text>
    </Stack>
  );
}

export function BarcodeScannerModal({
  opened,
  onClose,
  onCode,
}: {
  opened: boolean;
  onClose: () => void;
  onCode: (code: string) => void;
}) {
  const { t } = useLingui();
  const [manual, setManual] = useState(!canScanBarcodes());
  const [unavailable, setUnavailable] = useState(false);
  const [code, setCode] = useState('');
  const submit = () => {
    const value = codeFromScan(code);
    if (!value) return;
    onCode(value);
    setCode('');
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t`Scan EAN or QR code`} size="md">
      <Stack>
        {!manual && opened ? (
          <CameraScanner
            onCode={onCode}
            onUnavailable={() => {
              setUnavailable(true);
              setManual(true);
            }}
          />
        ) : null}
        {unavailable ? (
          <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={18} />}>
            <Trans>The camera cannot scan codes in this browser. Please type the number under the barcode.</Trans>
          </Alert>
        ) : null}
        {manual ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="sm">
              <TextInput
                label={t`EAN`}
                description={t`The 8 or 13 digits under the barcode`}
                inputMode="numeric"
                autoComplete="off"
                data-autofocus
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                maxLength={100}
              />
              <Group justify="flex-end">
                <Button type="submit" leftSection={<IconBarcode size={16} />} disabled={!code.trim()}>
                  <Trans>Look up</Trans>
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Button variant="subtle" leftSection={<IconKeyboard size={16} />} onClick={() => setManual(true)}>
            <Trans>Type the code instead</Trans>
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
