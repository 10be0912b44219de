// Sends one event from your server to Growth Console, on the route the SDKs use: for example the
// registration your backend confirmed, with the user id that tasks, pets, coin pools and invites
// count by.
//
//   GC_URL=https://console.example.com GC_ACCESS_KEY='<the project access key>' \
//     node send-events.mjs register user-42 <the app's device id> android
//
// A network error, 5xx or 429 is retried with the same event id, so the event is stored once.
import { randomUUID } from 'node:crypto';

const [name = 'register', userId = 'user-42', deviceId = `server-${userId}`, platform = 'android'] =
  process.argv.slice(2);
const event = { eventId: randomUUID(), name, userId, deviceId, platform, time: new Date().toISOString() };

for (let attempt = 1; ; attempt++) {
  let answer;
  try {
    answer = await fetch(`${process.env.GC_URL}/api/sdk/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-key': process.env.GC_ACCESS_KEY },
      body: JSON.stringify({ events: [event] }),
    });
  } catch (error) {
    answer = { status: 0, error };
  }
  const retry = answer.status === 0 || answer.status === 429 || answer.status >= 500;
  if (retry && attempt < 5) {
    await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
    continue;
  }
  if (answer.status === 0) throw answer.error;
  const { code, msg, data } = await answer.json();
  // data: { accepted, duplicates, rejected: [{ index, eventId, reason, message, errors? }] }
  console.log(JSON.stringify({ status: answer.status, code, msg, data }));
  process.exitCode = answer.ok && data.rejected.length === 0 ? 0 : 1;
  break;
}
