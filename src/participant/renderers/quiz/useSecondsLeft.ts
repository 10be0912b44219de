import { useEffect, useState } from 'react';

/** Seconds left on this question (null: no limit); at zero the question moves on by itself. */
export function useSecondsLeft(seconds: number, onTimeUp: () => void): number | null {
  const [left, setLeft] = useState(seconds > 0 ? seconds : null);
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      onTimeUp();
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  });
  return left;
}
