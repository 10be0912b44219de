type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigate: Navigate = (to) => window.location.assign(to);

/** Lets code outside React (the request client's 401 handling) use the router once it exists. */
export const appNavigation = {
  set(next: Navigate): void {
    navigate = next;
  },
  go(to: string, options?: { replace?: boolean }): void {
    navigate(to, options);
  },
};
