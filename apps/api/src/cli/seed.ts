// `pnpm db:seed`: adds the demo gallery (demo creators and listings with images).
import { seedDemo } from "../seed/seed.js";
import { openServices, runCli } from "./services.js";

await runCli("seed", async () => {
  const services = await openServices();
  try {
    const result = await seedDemo(services.db, services.storage);
    console.log(`seeded ${result.users} users and ${result.chatbots} chatbots`);
  } finally {
    await services.close();
  }
});
