import { createRoot } from "react-dom/client";
createRoot(document.getElementById("root")!).render(<h1>hello</h1>);
