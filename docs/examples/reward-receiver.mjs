// Receives Growth Console's reward callbacks: checks the Standard Webhooks signature with the
// project's API secret, grants each reward once, and answers `success`.
//
//   npm install standardwebhooks
//   GC_API_SECRET='<the project API secret>' PORT=4000 node reward-receiver.mjs
//
// Give a callback prize the address of this server (http://<your host>:4000/). The console retries
// an attempt that fails (30 s, 2 min, 10 min, 1 h), always with the same webhook-id.
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.GC_API_SECRET);
// Message ids already granted. Keep them in your database, beside the grant, in production.
const granted = new Set();

function grant(reward) {
  // Here your service gives the user what the prize's keys name (reward.data, e.g. { sku: 'vip-7d' }).
  console.log(JSON.stringify({ granted: reward.rewardId, user: reward.user.id, data: reward.data }));
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    let reward;
    try {
      // Throws unless the body was signed with the secret less than five minutes ago.
      reward = webhook.verify(body, request.headers);
    } catch {
      response.writeHead(401, { 'content-type': 'text/plain' }).end('invalid signature');
      return;
    }
    const messageId = request.headers['webhook-id'];
    if (reward?.type === 'reward.issued' && !granted.has(messageId)) {
      granted.add(messageId);
      grant(reward);
    }
    response.writeHead(200, { 'content-type': 'text/plain' }).end('success');
  });
});

server.listen(Number(process.env.PORT ?? 4000), () => {
  console.log(`listening on ${server.address().port}`);
});
