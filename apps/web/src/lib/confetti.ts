/** Confetti after a sign-in (product.md sections 4 and 9): 8 s, at most 100 pieces, never two showers at once. */
export const CONFETTI_DURATION_MS = 8000;
export const CONFETTI_MAX_PIECES = 100;
const FADE_MS = 1500;
const COLORS = ['#f06292', '#f8bbd0', '#ce93d8', '#fff176', '#81d4fa', '#ffffff'];

type Piece = {
  x: number;
  y: number;
  vx: number;
  vy: number;
  angle: number;
  spin: number;
  width: number;
  height: number;
  color: string;
  wobble: number;
};

let canvas: HTMLCanvasElement | null = null;

/** Whether confetti is falling right now. */
export function isConfettiShowing(): boolean {
  return canvas !== null;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Lets confetti fall over the whole page on a canvas of its own (decorative: hidden from assistive
 * technology, never in the way of a click). It outlives route changes, since it is not part of any screen.
 * Does nothing while a shower is already falling or when the visitor asks for reduced motion.
 */
export function launchConfetti(): void {
  if (canvas || prefersReducedMotion()) return;
  const element = document.createElement('canvas');
  const context = element.getContext('2d');
  if (!context) return;
  element.setAttribute('aria-hidden', 'true');
  element.dataset.confetti = '';
  Object.assign(element.style, {
    position: 'fixed',
    inset: '0',
    width: '100vw',
    height: '100vh',
    pointerEvents: 'none',
    zIndex: '2000',
  });
  document.body.append(element);
  canvas = element;

  let width = 0;
  let height = 0;
  const resize = () => {
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    width = window.innerWidth;
    height = window.innerHeight;
    element.width = Math.round(width * ratio);
    element.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
  };
  resize();
  window.addEventListener('resize', resize);

  const count = Math.min(CONFETTI_MAX_PIECES, Math.round(width / 4));
  const pieces: Piece[] = Array.from({ length: count }, (_, i) => ({
    x: Math.random() * width,
    y: -20 - Math.random() * height * 0.6,
    vx: (Math.random() - 0.5) * 60,
    vy: 90 + Math.random() * 140,
    angle: Math.random() * Math.PI,
    spin: (Math.random() - 0.5) * 8,
    width: 6 + Math.random() * 6,
    height: 8 + Math.random() * 8,
    color: COLORS[i % COLORS.length] ?? '#f06292',
    wobble: Math.random() * Math.PI * 2,
  }));

  const start = performance.now();
  let last = start;
  const frame = (now: number) => {
    const elapsed = now - start;
    if (elapsed >= CONFETTI_DURATION_MS) {
      window.removeEventListener('resize', resize);
      element.remove();
      canvas = null;
      return;
    }
    const dt = Math.min((now - last) / 1000, 0.05);
    last = now;
    context.clearRect(0, 0, width, height);
    context.globalAlpha = Math.min(1, (CONFETTI_DURATION_MS - elapsed) / FADE_MS);
    for (const p of pieces) {
      p.wobble += dt * 3;
      p.x += (p.vx + Math.sin(p.wobble) * 40) * dt;
      p.y += p.vy * dt;
      p.angle += p.spin * dt;
      // Pieces that have fallen out of view start again at the top until the fade-out.
      if (p.y > height + 20 && elapsed < CONFETTI_DURATION_MS - FADE_MS * 2) {
        p.y = -20;
        p.x = Math.random() * width;
      }
      context.save();
      context.translate(p.x, p.y);
      context.rotate(p.angle);
      context.fillStyle = p.color;
      context.fillRect(
        -p.width / 2,
        (-p.height / 2) * Math.abs(Math.cos(p.wobble)),
        p.width,
        p.height * Math.abs(Math.cos(p.wobble)),
      );
      context.restore();
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
