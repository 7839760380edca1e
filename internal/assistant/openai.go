package assistant

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// OpenAI talks to any OpenAI-compatible /v1/chat/completions endpoint,
// streaming the reply and letting the model look the catalog up with tools.
type OpenAI struct {
	BaseURL string // e.g. http://localhost:11434/v1
	Model   string
	APIKey  string
	Catalog *Catalog
	Client  *http.Client
	// Timeout bounds one whole answer, tool rounds included.
	Timeout time.Duration
}

var _ Assistant = (*OpenAI)(nil)

const systemPrompt = `You are the assistant of Musicify, a music streaming app where people upload their own songs, ` +
	`build and share playlists, follow each other, like songs, download them and tune in to scheduled radio ` +
	`stations where everyone hears the same second. Help the user find and play music from THIS server's catalog ` +
	`only: use the tools to look songs up, never invent songs. For a mood, an activity, a genre or a tempo use ` +
	`search_by_features, and mood_playlist to make a playlist of them. When you suggest music, offer it with play_songs; ` +
	`to make a playlist, use create_playlist; to show one of the user's playlists, use open_playlist. The user ` +
	`clicks to carry these out. Answer in one to three short sentences, warmly, in the user's language. To upload: ` +
	`menu Upload song. Radio: menu Radio, create a station with a start time. Sharing: the share button on songs ` +
	`and playlists.`

// maxToolRounds bounds how often the model may call tools for one message.
const maxToolRounds = 4

var errUnreachable = musicify.Errorf(musicify.EUNAVAILABLE,
	"The assistant's language model could not be reached. Please try again in a moment.")

// unreadable is a model's answer that makes no sense: the model's fault,
// so the caller hears it is unavailable, and the log says why.
func unreadable(format string, args ...any) error {
	return &musicify.Error{Code: musicify.EUNAVAILABLE,
		Message: "The assistant's language model gave an answer we could not read. Please try again.",
		Err:     fmt.Errorf(format, args...)}
}

type chatMessage struct {
	Role       string     `json:"role"`
	Content    string     `json:"content"`
	ToolCalls  []toolCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"`
}

type toolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

// Chat runs the conversation with the model, answering its tool calls from
// the catalog, and streams the reply's text through delta.
func (o *OpenAI) Chat(ctx context.Context, u *musicify.User, message string, history []Turn, delta func(string)) (*Answer, error) {
	timeout := o.Timeout
	if timeout == 0 {
		timeout = 90 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	msgs := []chatMessage{{Role: "system", Content: systemPrompt}}
	for _, t := range history {
		role := "user"
		if t.Role == "assistant" {
			role = "assistant"
		}
		msgs = append(msgs, chatMessage{Role: role, Content: t.Text})
	}
	msgs = append(msgs, chatMessage{Role: "user", Content: message})
	answer := &Answer{Actions: []Action{}}
	for round := 0; ; round++ {
		tools := toolSpecs
		if round == maxToolRounds {
			tools = nil // the model must answer now
		}
		reply, calls, err := o.complete(ctx, msgs, tools, delta)
		if err != nil {
			return nil, err
		}
		answer.Reply += reply
		if len(calls) == 0 {
			answer.Reply = strings.TrimSpace(answer.Reply)
			return answer, nil
		}
		msgs = append(msgs, chatMessage{Role: "assistant", Content: reply, ToolCalls: calls})
		for _, c := range calls {
			result := o.runTool(ctx, u, c, answer)
			msgs = append(msgs, chatMessage{Role: "tool", ToolCallID: c.ID, Content: result})
		}
	}
}

// complete makes one streamed request and returns the text and tool calls.
func (o *OpenAI) complete(ctx context.Context, msgs []chatMessage, tools []map[string]any, delta func(string)) (string, []toolCall, error) {
	body := map[string]any{"model": o.Model, "messages": msgs, "stream": true, "temperature": 0.3}
	if tools != nil {
		body["tools"] = tools
	}
	b, err := json.Marshal(body)
	if err != nil {
		return "", nil, err
	}
	req, err := http.NewRequestWithContext(ctx, "POST", strings.TrimRight(o.BaseURL, "/")+"/chat/completions", bytes.NewReader(b))
	if err != nil {
		return "", nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	if o.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+o.APIKey)
	}
	client := o.Client
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		return "", nil, &musicify.Error{Code: errUnreachable.Code, Message: errUnreachable.Message, Err: fmt.Errorf("calling the model: %w", err)}
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		raw, _ := io.ReadAll(io.LimitReader(res.Body, 2048))
		return "", nil, &musicify.Error{Code: errUnreachable.Code, Message: errUnreachable.Message,
			Err: fmt.Errorf("the model answered %s: %.300s", res.Status, raw)}
	}
	if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		return decodeWhole(res.Body, delta) // a server that ignores "stream"
	}
	return decodeStream(res.Body, delta)
}

type chunk struct {
	Choices []struct {
		Delta struct {
			Content   string `json:"content"`
			ToolCalls []struct {
				Index    int    `json:"index"`
				ID       string `json:"id"`
				Function struct {
					Name      string `json:"name"`
					Arguments string `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"delta"`
		Message chatMessage `json:"message"`
	} `json:"choices"`
}

// decodeStream reads server-sent events: text deltas, and tool calls whose
// pieces arrive by index.
func decodeStream(r io.Reader, delta func(string)) (string, []toolCall, error) {
	var text strings.Builder
	var calls []toolCall
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "data:") {
			continue
		}
		data := strings.TrimSpace(strings.TrimPrefix(line, "data:"))
		if data == "[DONE]" {
			break
		}
		var c chunk
		if err := json.Unmarshal([]byte(data), &c); err != nil {
			return "", nil, unreadable("reading the model's stream: %w", err)
		}
		for _, ch := range c.Choices {
			if ch.Delta.Content != "" {
				text.WriteString(ch.Delta.Content)
				if delta != nil {
					delta(ch.Delta.Content)
				}
			}
			for _, tc := range ch.Delta.ToolCalls {
				for len(calls) <= tc.Index {
					calls = append(calls, toolCall{Type: "function"})
				}
				call := &calls[tc.Index]
				if tc.ID != "" {
					call.ID = tc.ID
				}
				call.Function.Name += tc.Function.Name
				call.Function.Arguments += tc.Function.Arguments
			}
		}
	}
	if err := sc.Err(); err != nil {
		return "", nil, &musicify.Error{Code: errUnreachable.Code, Message: errUnreachable.Message, Err: err}
	}
	return text.String(), calls, nil
}

func decodeWhole(r io.Reader, delta func(string)) (string, []toolCall, error) {
	var c chunk
	if err := json.NewDecoder(io.LimitReader(r, 4<<20)).Decode(&c); err != nil {
		return "", nil, unreadable("reading the model's answer: %w", err)
	}
	if len(c.Choices) == 0 {
		return "", nil, unreadable("the model answered no choices")
	}
	m := c.Choices[0].Message
	if delta != nil && m.Content != "" {
		delta(m.Content)
	}
	return m.Content, m.ToolCalls, nil
}
