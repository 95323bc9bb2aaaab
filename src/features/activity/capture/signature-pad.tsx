/**
 * A signature on the screen: finger, pen or mouse on a canvas (pointer events), smoothed strokes,
 * "Clear", and the result as a PNG on white. The canvas keeps the device's pixel density so the
 * signature stays sharp in the PDF.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Group, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';

export interface SignaturePadHandle {
  isEmpty(): boolean;
  clear(): void;
  toPng(): Promise<Blob>;
}

export const SignaturePad = forwardRef<SignaturePadHandle, { onChange?: (empty: boolean) => void; height?: number }>(
  function SignaturePad({ onChange, height = 200 }, ref) {
    const { t } = useLingui();
    const canvas = useRef<HTMLCanvasElement>(null);
    const drawing = useRef(false);
    const last = useRef<{ x: number; y: number } | null>(null);
    const [empty, setEmpty] = useState(true);

    const prepare = useCallback(() => {
      const c = canvas.current;
      if (!c) return;
      const ratio = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
      const rect = c.getBoundingClientRect();
      c.width = Math.round(rect.width * ratio);
      c.height = Math.round(rect.height * ratio);
      const ctx = c.getContext('2d')!;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, rect.width, rect.height);
      ctx.strokeStyle = '#10243e';
      ctx.lineWidth = 2.4;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
    }, []);

    const setEmptyState = useCallback(
      (value: boolean) => {
        setEmpty(value);
        onChange?.(value);
      },
      [onChange],
    );

    useEffect(() => {
      prepare();
    }, [prepare]);

    useImperativeHandle(ref, () => ({
      isEmpty: () => empty,
      clear: () => {
        prepare();
        setEmptyState(true);
      },
      toPng: () =>
        new Promise<Blob>((resolve, reject) =>
          canvas.current?.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no signature'))), 'image/png'),
        ),
    }));

    const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
      const rect = event.currentTarget.getBoundingClientRect();
      return { x: event.clientX - rect.left, y: event.clientY - rect.top };
    };

    return (
      <Box>
        <canvas
          ref={canvas}
          role="img"
          aria-label={t`Signature field`}
          data-testid="signature-pad"
          style={{
            width: '100%',
            height,
            touchAction: 'none',
            display: 'block',
            borderRadius: 8,
            border: '1px dashed var(--mantine-color-gray-5)',
            background: '#ffffff',
            cursor: 'crosshair',
          }}
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture(event.pointerId);
            drawing.current = true;
            last.current = point(event);
            const ctx = canvas.current!.getContext('2d')!;
            ctx.beginPath();
            ctx.arc(last.current.x, last.current.y, 1.1, 0, Math.PI * 2);
            ctx.fillStyle = '#10243e';
            ctx.fill();
          }}
          onPointerMove={(event) => {
            if (!drawing.current || !last.current) return;
            const ctx = canvas.current!.getContext('2d')!;
            const next = point(event);
            const mid = { x: (last.current.x + next.x) / 2, y: (last.current.y + next.y) / 2 };
            ctx.beginPath();
            ctx.moveTo(last.current.x, last.current.y);
            ctx.quadraticCurveTo(last.current.x, last.current.y, mid.x, mid.y);
            ctx.lineTo(next.x, next.y);
            ctx.stroke();
            last.current = next;
            if (empty) setEmptyState(false);
          }}
          onPointerUp={() => {
            drawing.current = false;
            last.current = null;
          }}
          onPointerCancel={() => {
            drawing.current = false;
            last.current = null;
          }}
        />
        <Group justify="space-between" mt={4}>
          <Text fz="xs" c="dimmed">
            <Trans>Sign here with your finger or the mouse.</Trans>
          </Text>
          <Button size="compact-sm" variant="subtle" leftSection={<IconEraser size={14} />} onClick={() => { prepare(); setEmptyState(true); }} disabled={empty}>
            <Trans>Clear</Trans>
          </Button>
        </Group>
      </Box>
    );
  },
);
