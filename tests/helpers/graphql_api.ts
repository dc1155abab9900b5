/**
 * A real GraphQL API on 127.0.0.1 built with graphql-yoga (through Deno's
 * npm support): users with ids, names, roles and friends, a `createUser`
 * mutation, introspection on. It records each request body.
 */
import { createSchema, createYoga } from "graphql-yoga";

export const USERS_SDL = `
"A person with an account"
type User {
  id: ID!
  name: String!
  role: Role!
  email: String
  friends: [User!]!
}

enum Role {
  ADMIN
  MEMBER
}

input NewUser {
  name: String!
  role: Role!
}

type Query {
  "One user by id"
  user(id: ID!): User
  users(limit: Int): [User!]!
  me: User!
}

type Mutation {
  createUser(input: NewUser!): User!
}
`;

export interface GraphqlApi extends AsyncDisposable {
  url: string;
  bodies: { query: string; variables?: Record<string, unknown>; operationName?: string }[];
}

interface User {
  id: string;
  name: string;
  role: string;
  email: string | null;
}

export function startGraphqlApi(sdl = USERS_SDL): GraphqlApi {
  const users: User[] = [
    { id: "1", name: "Ada", role: "ADMIN", email: "ada@example.com" },
    { id: "2", name: "Grace", role: "MEMBER", email: null },
  ];
  const friendsOf = () => users;
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: sdl,
      resolvers: {
        Query: {
          user: (_: unknown, args: { id: string }) => users.find((u) => u.id === args.id) ?? null,
          users: (_: unknown, args: { limit?: number }) => users.slice(0, args.limit ?? 100),
          me: () => users[0],
        },
        Mutation: {
          createUser: (_: unknown, args: { input: { name: string; role: string } }) => {
            const user = { id: String(users.length + 1), email: null, ...args.input };
            users.push(user);
            return user;
          },
        },
        User: { friends: friendsOf },
      },
    }),
    logging: false,
    graphqlEndpoint: "/graphql",
  });
  const bodies: GraphqlApi["bodies"] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    if (req.method === "POST") bodies.push(await req.clone().json());
    return yoga.fetch(req);
  });
  return {
    url: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`,
    bodies,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}
