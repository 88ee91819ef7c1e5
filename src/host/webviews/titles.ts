// Panel titles, also the return value of the open commands (product.md), so they live in one place.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function monthLabel(monthId: string): string {
  const name = MONTHS[Number(monthId.slice(4, 6)) - 1] ?? monthId.slice(4, 6);
  return `${name} ${monthId.slice(0, 4)}`;
}

export function monthViewTitle(instanceId: string, monthId: string): string {
  return `Calls ${monthLabel(monthId)} · ${instanceId}`;
}

export function trendTitle(instanceId: string): string {
  return `12-month trend · ${instanceId}`;
}

export function activitiesTitle(instanceId: string, dateId: string): string {
  return `Activities ${dateId.slice(0, 4)}-${dateId.slice(4, 6)}-${dateId.slice(6, 8)} · ${instanceId}`;
}
