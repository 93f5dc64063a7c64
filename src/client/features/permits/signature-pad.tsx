import { Button, Space } from 'antd';
import { useEffect, useRef, type PointerEvent } from 'react';
import { renderMessage } from '../../../shared/messages/catalog';
import { useLang } from '../../app/i18n';

/**
 * A signature drawn by hand at that moment (record engine type 44): a canvas
 * that reports its PNG once something is drawn, null when cleared.
 */
export function SignaturePad({ onChange, testId = 'signature-pad' }: { onChange: (png: string | null) => void; testId?: string }) {
  const lang = useLang();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (c && ctx) {
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, c.width, c.height);
    }
  }, []);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return [((e.clientX - r.left) * e.currentTarget.width) / r.width, ((e.clientY - r.top) * e.currentTarget.height) / r.height] as const;
  };
  const handleDown = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) {
      return;
    }
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const [x, y] = point(e);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#111';
    ctx.beginPath();
    ctx.moveTo(x, y);
  };
  const handleMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext('2d');
    if (!drawing.current || !ctx) {
      return;
    }
    const [x, y] = point(e);
    ctx.lineTo(x, y);
    ctx.stroke();
    drawn.current = true;
  };
  const handleUp = () => {
    drawing.current = false;
    if (drawn.current && canvas.current) {
      onChange(canvas.current.toDataURL('image/png'));
    }
  };
  const handleClear = () => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (c && ctx) {
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, c.width, c.height);
    }
    drawn.current = false;
    onChange(null);
  };

  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <canvas
        ref={canvas}
        width={600}
        height={200}
        data-testid={testId}
        style={{ width: '100%', maxWidth: 360, aspectRatio: '3 / 1', border: '1px dashed #bbb', borderRadius: 4, touchAction: 'none', background: '#fff' }}
        onPointerDown={handleDown}
        onPointerMove={handleMove}
        onPointerUp={handleUp}
        onPointerLeave={handleUp}
      />
      <Button size="small" onClick={handleClear}>
        {renderMessage(lang, 'permits.ui.clear')}
      </Button>
    </Space>
  );
}
