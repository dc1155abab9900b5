/** The collection the load-export tests export: a post's lifecycle as a flow, with a bearer token. */
import { endpoint } from "../helpers/workspace.ts";
import { flowFile } from "../flow/helpers.ts";

export const TOKEN = "load-test-token-7f3a";

const JSON_BODY = "Content-Type: application/json";

export const LOAD_COLLECTION: Record<string, string> = {
  "apis/posts/post-post.md": endpoint({
    method: "POST",
    path: "/posts",
    resource: "posts",
    frontmatter: "auth: bearer\nvars:\n  views: 3\n",
    request: `POST {{baseUrl}}/posts\n${JSON_BODY}\n\n{"title": "new", "views": {{views}}}`,
    expected: `HTTP/1.1 201 Created\n${JSON_BODY}\n\n{"id": 1, "title": "new", "views": 3}`,
    title: "Create post",
    sections: "\n## Assertions\n\n- body.id: exists\n- body.title: in [new, old]\n",
  }),
  "apis/posts/get-created.md": endpoint({
    path: "/posts/:postId",
    resource: "posts",
    frontmatter: "standalone: false\nauth: bearer\n",
    expected: `HTTP/1.1 200 OK\n${JSON_BODY}\n\n{"id": 1, "title": "new"}`,
    title: "Read post",
  }),
  "apis/posts/delete-created.md": endpoint({
    method: "DELETE",
    path: "/posts/:postId",
    resource: "posts",
    frontmatter: "standalone: false\nauth: bearer\n",
    expected: "HTTP/1.1 204 No Content",
    title: "Delete post",
  }),
  "flows/post-lifecycle.md": flowFile([
    {
      name: "Create",
      endpoint: "apis/posts/post-post.md",
      lines: ["Capture: `response.body.id` as `postId`"],
    },
    {
      name: "Read",
      endpoint: "apis/posts/get-created.md",
      lines: ["Assert: `body.id: equals {{postId}}`"],
    },
    { name: "Delete", endpoint: "apis/posts/delete-created.md" },
  ]).replace("# Test flow", "# Post lifecycle"),
};
