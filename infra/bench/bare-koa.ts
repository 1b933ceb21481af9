/** The baseline for bench:http: a bare Koa JSON POST endpoint with the same body parser. */
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';

const app = new Koa();
app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb' }));
app.use((ctx) => {
  const body = ctx.request.body as { text?: string };
  ctx.body = { passed: true, length: body.text?.length ?? 0 };
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
