// Answers Growth Console's token callback. A player opens /p/<campaign id>?token=<your app's login
// token>; the console POSTs { token, campaignId } here and plays as the user this answers.
//
//   APP_SESSIONS='token-1=user-1,token-2=user-2:vip' PORT=4001 node token-callback.mjs
//
// Set http://<your host>:4001/ as the token callback address (Access key page, Developer settings).
import { createServer } from 'node:http';

// Your own session store goes here. This one reads APP_SESSIONS: token=userId or token=userId:userType.
const sessions = new Map(
  (process.env.APP_SESSIONS ?? '')
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const [token, user] = entry.split('=');
      const [userId, userType] = user.split(':');
      return [token, { userId, userType }];
    }),
);

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let body = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      // Not JSON: answered as an unknown token below.
    }
    const user =
      request.method === 'POST' && typeof body?.token === 'string' ? sessions.get(body.token) : undefined;
    response.setHeader('content-type', 'application/json');
    if (!user) {
      // 401, 403 or 404: the console refuses the player's sign-in (they may play as a guest).
      response.writeHead(401).end(JSON.stringify({ code: 401, msg: 'unknown token' }));
      return;
    }
    const data = user.userType ? { userId: user.userId, userType: user.userType } : { userId: user.userId };
    response.writeHead(200).end(JSON.stringify({ code: 0, data }));
  });
});

server.listen(Number(process.env.PORT ?? 4001), () => {
  console.log(`listening on ${server.address().port}`);
});
