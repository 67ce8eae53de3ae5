/** Phones and tablets by their user agent (product.md section 9, Mobile detection). */
const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;
/** A touch screen this wide or narrower counts as mobile too. */
export const MOBILE_MAX_WIDTH = 768;

/** Mobile: a user-agent match, or touch with a width of 768 px or less (product.md section 9). */
export function isMobileDevice(device: { userAgent: string; maxTouchPoints: number; width: number }): boolean {
  return MOBILE_USER_AGENT.test(device.userAgent) || (device.maxTouchPoints > 0 && device.width <= MOBILE_MAX_WIDTH);
}

/** This browser, now. */
export function isThisDeviceMobile(): boolean {
  return isMobileDevice({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    width: window.innerWidth,
  });
}
