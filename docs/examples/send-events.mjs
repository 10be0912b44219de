// Sends one event from your server to Growth Console, signed with the project's API secret: for
// example the registration your backend confirmed, with the user id that tasks, pets, coin pools
// and invites count by. Only signed events move progress that takes the server's word only.
//
//   npm install standardwebhooks
//   GC_URL=https://console.example.com GC_ACCESS_KEY='<the project access key>' \
//     GC_API_SECRET='<the project API secret>' node send-events.mjs register user-42 <the app's device id> android
//
// A network error, 5xx or 429 is retried with the same event id, so the event is stored once.
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

const [name = 'register', userId = 'user-42', deviceId = `server-${userId}`, platform = 'android'] =
  process.argv.slice(2);
const event = { eventId: randomUUID(), name, userId, deviceId, platform, time: new Date().toISOString() };
const body = JSON.stringify({ events: [event] });
const webhook = new Webhook(process.env.GC_API_SECRET);

for (let attempt = 1; ; attempt++) {
  // Signed anew for each attempt: the signature is good for 5 minutes.
  const id = `msg_${randomUUID()}`;
  const at = new Date();
  let answer;
  try {
    answer = await fetch(`${process.env.GC_URL}/api/server/v1/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-access-key': process.env.GC_ACCESS_KEY,
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': webhook.sign(id, at, body),
      },
      body,
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
