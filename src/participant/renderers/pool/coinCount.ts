/** Coins as the pool shows them (grouped digits in the device's language). */
export const coinCount = new Intl.NumberFormat();
